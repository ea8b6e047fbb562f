import { deliverDueMail, deliverPromptlyWith } from '@/server/services/mail/outbox';
import { PROCESS_ID, type Job } from '@/server/jobs/runner';

// A process that runs the jobs sends a staff link's mail as soon as it is queued, not at the
// job's next run (each message is leased, so this and the job never send one twice).
deliverPromptlyWith(() => deliverDueMail({ holder: PROCESS_ID }));

/** Sends what the outbox holds, every few seconds; each message is leased, so one process sends it. */
export const mailDeliveryJob: Job = {
  name: 'mail-delivery',
  nextRunAfter: (after) => new Date(after.getTime() + 10_000),
  leaseMs: 5 * 60_000,
  run: async ({ signal }) => {
    const { sent, failed, kept } = await deliverDueMail({ holder: PROCESS_ID, signal });
    return sent + failed + kept > 0 ? `Sent ${sent}, failed ${failed}, kept in the outbox ${kept}.` : undefined;
  },
};
