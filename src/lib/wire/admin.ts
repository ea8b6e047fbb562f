// What the API answers about the administrator's session and the panel as a whole.
import * as z from '@/lib/validation/zod-mini';
import { about, namedObject } from '@/lib/wire/common';

/** Whether the request carries a valid admin session. */
export const sessionStateSchema = z.object({ authenticated: z.boolean() });

/** What the admin's tab labels count. */
export const adminCountsSchema = z.object({
  pendingComments: z.int(),
  unhandledMessages: z.int(),
  drafts: z.int(),
  scheduled: about(z.int(), 'Published with a publish time still to come.'),
  /** Confirmed newsletter subscribers. */
  subscribers: about(z.int(), 'Confirmed newsletter subscribers.'),
  inReview: about(z.int(), 'Drafts submitted for review.'),
});
export type AdminCounts = z.output<typeof adminCountsSchema>;

/** Whether two-factor sign-in is on; turning it on answers the recovery codes once. */
export const twoFactorStateSchema = namedObject('TwoFactorState', {
  enabled: z.boolean(),
  recoveryCodes: z.optional(about(z.array(z.string()), 'Shown once, when two-factor sign-in is turned on.')),
});

/** A new authenticator key to scan. */
export const twoFactorSetupSchema = namedObject('TwoFactorSetup', {
  uri: about(z.string(), 'The `otpauth://` address.'),
  qrSvg: about(z.string(), 'The address as a QR code (SVG).'),
  secret: about(z.string(), 'The key as text, to type in.'),
});
