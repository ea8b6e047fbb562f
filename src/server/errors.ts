import { GRID_REGIONS, LOWER_48 } from '@db/catalog/grid';

const EIA_KEY_HELP =
  'Register for a free EIA API key at https://www.eia.gov/opendata/register.php, set EIA_API_KEY in the server environment and restart the site.';

/** Every user-facing message of the API (errors, and the outcomes services report), in one place. */
export const messages = {
  notFound: 'Not found',
  newsletterCheckInbox: 'Thanks! Check your inbox: we sent a link to confirm your subscription.',
  newsletterLinkInvalid:
    'This link is not valid (it may be from an older message). Use the link in the newest EnergyPulse e-mail, or subscribe again.',
  newsletterUnsubscribed: 'This address is unsubscribed. Subscribe again to get EnergyPulse e-mail.',
  newsletterPreferencesSaved: 'Your preferences are saved.',
  newsletterTestLink:
    'This link is from a test message sent from the Newsletter tab of the admin panel, so it changes nothing. In a reader’s message, the same link opens that reader’s own page here.',
  newsletterUnknownTopic: 'Unknown topic',
  subscriberNotFound: 'Subscriber not found',
  articleNotFound: 'Article not found',
  commentNotFound: 'Comment not found',
  messageNotFound: 'Message not found',
  analyticsContentNotFound: 'Analytics content not found',
  mediaNotFound: 'Image not found',
  outboxMessageNotFound: 'Mail message not found',
  newsletterTestQueued: (email: string) => `Test briefing queued for ${email}; it goes out with the next delivery run (within a minute).`,
  imageRequired: 'Choose an image file to upload (the form field "file").',
  imageUnsupported: 'Only JPEG, PNG, WebP and AVIF images can be uploaded, and this file is none of them (its content decides, not its name).',
  imageTooLarge: (maxMb: number) => `The image is larger than ${maxMb} MB. Export it smaller and upload it again.`,
  imageTooManyPixels: (megapixels: number) =>
    `The image has too many pixels (more than ${megapixels} megapixels). Export it smaller and upload it again.`,
  imageUnreadable: 'The image could not be read: the file is damaged or incomplete.',
  calendarEventNotFound: 'Calendar event not found',
  releaseNotFound: 'No such EIA release on the calendar',
  releaseChangeTooFar: (days: number) => `A release can be moved at most ${days} days from its usual day`,
  unknownReport: 'Unknown report',
  seriesNotFound: 'Market series not found',
  annotationNotFound: 'Annotation not found',
  revisionNoticeNotFound: 'Revision notice not found',
  revisionNoticeCorrected: 'A correction was already published from this notice.',
  annotationStoryNotFound: 'No story has this address: paste the story’s address on this site, like /article/its-slug',
  gridRegionNotFound: `Grid region not found: use ${LOWER_48} or one of EIA’s ${GRID_REGIONS.length - 1} region codes (${GRID_REGIONS.flatMap((r) => (r.code === LOWER_48 ? [] : [r.code])).join(', ')})`,
  gridRangeTooLarge: (days: number) => `At most ${days} days of hours per answer: narrow start and end`,
  noRetailPrices: 'No retail prices are stored yet',
  stateNotFound: 'State not found: use a two-letter postal code of the 50 states or DC',
  seriesRangeTooLarge: (max: number) => `The range holds more than ${max.toLocaleString('en-US')} observations. Narrow it with start and end.`,
  apiRateLimited: 'Too many data API requests from this address. Wait for the time in Retry-After, then try again.',
  viewsRateLimited: 'Too many page views from this address. Wait for the time in Retry-After, then try again.',
  drawingsRateLimited: 'Too many chart files and preview images drawn for this address. Wait for the time in Retry-After, then try again.',
  noSeriesData: 'No data for these series',
  noGenerationData: 'No generation data is stored yet',
  invalidQuery: 'Invalid query parameters',
  invalidInput: 'Invalid input',
  unauthorized: 'Unauthorized',
  methodNotAllowed: 'Method not allowed',
  internal: 'Something went wrong on our side. Please try again.',
  crossSite: 'Cross-site requests are not allowed',
  forbidden: 'Forbidden',
  invitationInvalid: 'This invitation is not valid: it may have expired, been used or been revoked. Ask for a new one.',
  resetLinkInvalid: 'This link is not valid: it may have expired or been used. Ask for a new one.',
  staffEmailTaken: 'Someone on the staff already uses this address',
  bylineTaken: 'Someone on the staff already writes under this name',
  staffNotFound: 'Person not found',
  staffInactive: 'This person is deactivated: reactivate them first',
  staffWithoutEmail: 'This person has no e-mail address to send a link to',
  invitationNotFound: 'Invitation not found',
  lastOwner: 'The site needs at least one active owner',
  notYourself: 'Ask another owner to change your own role or deactivate you',
  sessionNotFound: 'Session not found',
  notYourArticle: 'You may only change your own articles',
  notYourMedia: 'You may only change the images you uploaded',
  publishNotAllowed: 'Your role may not publish, schedule or unpublish articles: submit the draft for review',
  deletePublishedNotAllowed: 'Your role may not delete a published article',
  reviewNotDraft: 'Only a draft can be submitted for review',
  reviewNotSubmitted: 'This draft is not waiting for review',
  returnNeedsNote: 'Say what to change',
  authorIsStaff: 'This author is linked to a staff account: change the account first',
  tooLarge: 'Request body too large',
  badRequest: 'Bad request',
  badRequestTarget: 'The request address is not valid.',
  badHost: 'The Host header is not a valid host name.',
  hostRequired: 'A Host header is required.',
  expectationFailed: 'The Expect header may only ask for 100-continue.',
  headersTooLarge: 'Request headers too large',
  requestTimeout: 'The request took too long to arrive. Send it again.',
  writesBusy: 'The site is busy saving other changes. Try again in a moment.',
  starting: 'The site is starting. Try again in a moment.',
  jsonOnly: 'Content-Type must be application/json',
  multipartOnly: 'Content-Type must be multipart/form-data',
  formOnly: 'Please send the form from the sign-in page.',
  malformedMultipart: 'Malformed multipart/form-data body',
  malformedJson: 'Malformed JSON body',
  notAnObject: 'The body must be a JSON object',
  tooDeep: 'The body is nested too deeply',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  databaseBusy: 'The site is busy saving other changes. Please try again in a few seconds.',
  databaseFull: 'The site cannot save anything right now. Please try again later.',
  formTooLarge: 'The form was too large to send. Please shorten what you typed and try again.',
  categoryRequired: 'Please choose a category',
  figureNotFound: 'The series holds no figure on or before that day.',
  figureNotInData: (series: string, date: string, value: string) =>
    `The figure ${value} of ${series} on ${date} is not one the data holds: insert figures from the data catalog.`,
  slugTaken: 'An article with this slug already exists',
  authorNotFound: 'Author not found',
  categoryNotFound: 'Category not found',
  authorSlugTaken: 'An author with this slug already exists',
  authorNameTaken: 'An author with this name already exists',
  authorHasArticles: (count: number) =>
    `This author has ${count === 1 ? 'an article' : `${count.toLocaleString('en-US')} articles`}. Give ${count === 1 ? 'it' : 'them'} another author first.`,
  staleSave:
    'This article was saved by someone else (or in another tab) since you opened it. Reload it to see their changes, or overwrite them with yours.',
  revisionNotFound: 'Revision not found',
  correctionNotFound: 'Correction not found',
  correctionNeedsPublishedArticle: 'Only a published article takes corrections: edit a draft or a scheduled article instead.',
  revisionCategoryGone: 'The category this revision had no longer exists. Restore it, then choose a category.',
  previewInvalid: 'This preview link is not valid.',
  previewExpired: 'This preview link has expired. Ask the editor for a new one.',
  invalidCredentials: 'Invalid credentials',
  loginThrottled: 'Too many failed sign-in attempts. Please wait and try again.',
  codeRequired: 'Two-factor code required',
  enterCode: 'Enter the code from your authenticator app',
  invalidCode: 'Invalid two-factor code',
  totpKeyUnreadable:
    'The two-factor key cannot be read with the current APP_SECRET: sign in with a recovery code, or reset two-factor sign-in with npm run admin:password -- --reset-two-factor',
  enrolmentCodeInvalid: 'That code is not valid. Check the time on your phone and try again.',
  invalidCodeShort: 'Invalid code',
  confirmWithCodeOrPassword: 'Enter a current code from your authenticator app, a recovery code or your password to change two-factor sign-in.',
  confirmWithPassword: 'Enter your password to change two-factor sign-in.',
  twoFactorOff: 'Two-factor sign-in is off: there are no recovery codes to replace.',
  clientSecretRequired: 'Client Secret is required',
  zohoNotConfigured: 'Zoho Analytics is not configured yet. Save the credentials first.',
  importRunning: 'An import is already running. Try again in a few minutes.',
  importFailed: 'The import failed unexpectedly. Nothing was changed.',
  importFailedBecause: (reason: string) => `${reason}${/[.!?]$/.test(reason) ? '' : '.'} Nothing was changed.`,
  importSucceeded: (series: readonly { name: string; written: number }[], generation: number, retailPrices = 0, retailSales = 0) => {
    const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
    const total = series.reduce((sum, s) => sum + s.written, 0);
    const parts: string[] = [];
    if (total > 0)
      parts.push(
        `${count(total, 'new or revised observation', 'new or revised observations')} (${series.map((s) => `${s.name} ${s.written.toLocaleString('en-US')}`).join(', ')})`,
      );
    if (generation > 0) parts.push(count(generation, 'generation figure', 'generation figures'));
    if (retailPrices > 0) parts.push(count(retailPrices, 'state retail price', 'state retail prices'));
    if (retailSales > 0) parts.push(count(retailSales, 'state retail sales figure', 'state retail sales figures'));
    const said = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}` : (parts[0] ?? '');
    return parts.length === 0 ? 'Up to date: EIA has nothing new or revised since the last import.' : `Imported ${said} from EIA.`;
  },
  importNotImported: (failed: readonly { name: string; reason: string }[]) =>
    `Not imported: ${failed.map((f) => `${f.name} (${f.reason.replace(/\.$/, '')})`).join('; ')}.`,
  importGaps: (skipped: readonly { name: string; gaps: number }[]) =>
    `Gaps in EIA's answers (no figure sent), skipped: ${skipped.map((s) => `${s.name} ${s.gaps.toLocaleString('en-US')}`).join(', ')}.`,
  importUnreadable: (skipped: readonly { name: string; unreadable: number; example?: string }[]) =>
    `Values EIA sent that are not numbers, skipped: ${skipped
      .map((s) => `${s.name} ${s.unreadable.toLocaleString('en-US')}${s.example === undefined ? '' : ` (such as "${s.example}")`}`)
      .join(', ')}.`,
  gridImported: (hours: number, fuels: number, from: string, to: string, backfill: { from: string; to: string } | null) => {
    const hour = (iso: string) => `${iso.slice(0, 13).replace('T', ' ')}:00 UTC`;
    const older = backfill ? `, and older history from ${hour(backfill.from)} to ${hour(backfill.to)}` : '';
    return hours + fuels === 0
      ? `Up to date: EIA has no new or revised grid hours since ${hour(from)}${older}.`
      : `Imported ${hours.toLocaleString('en-US')} region hours and ${fuels.toLocaleString('en-US')} generation-by-fuel figures from EIA (${hour(from)} to ${hour(to)}${older}).`;
  },
  eiaKeyHelp: EIA_KEY_HELP,
  eiaKeyMissing: `EIA_API_KEY is not set. ${EIA_KEY_HELP}`,
  zohoConnected: 'Successfully connected to Zoho Analytics workspace',
  zohoRefreshTokenMissing: 'Add a refresh token to connect to Zoho Analytics (see the Setup Guide).',
  zohoSecretsUnreadable: 'The stored Zoho secrets cannot be read with this APP_SECRET. Enter the client secret and refresh token again.',
  zohoNoOrganisation: 'This Zoho account belongs to no Zoho Analytics organization.',
  zohoWorkspaceMissing: (workspaceId: string) => `Workspace ${workspaceId} was not found in any of this account's Zoho Analytics organizations.`,
  zohoMixViewUnusable: 'The energy mix view has no source and amount columns.',
  // What EIA and Zoho answered, in words the administrator can act on.
  eiaSaid: (message: string, code?: string) => `EIA: ${message}${code ? ` (${code})` : ''}`,
  eiaHttp: (status: number) => `EIA answered HTTP ${status}.`,
  eiaUnreachable: (host: string) => `Could not reach EIA (${host}).`,
  eiaUnexpectedShape: (route: string) => `EIA answered ${route} in an unexpected shape.`,
  eiaTooManyRows: (route: string, total: number, max: number) =>
    `EIA announced ${total.toLocaleString('en-US')} rows for ${route}, more than an import reads (${max.toLocaleString('en-US')}).`,
  eiaTotalChanged: (route: string, before: number, after: number) =>
    `EIA changed the number of rows of ${route} from ${before.toLocaleString('en-US')} to ${after.toLocaleString('en-US')} while the import paged through it.`,
  eiaStoppedShort: (route: string, received: number, total: number) =>
    `EIA stopped sending rows of ${route} after ${received.toLocaleString('en-US')} of the ${total.toLocaleString('en-US')} it announced.`,
  eiaTooManyPages: (route: string, pages: number) => `EIA needed more than ${pages} pages for ${route}; the import stopped there.`,
  eiaTotalDiffers: (route: string, announced: number, sent: number) =>
    `EIA announced ${announced.toLocaleString('en-US')} rows of ${route} and sent ${sent.toLocaleString('en-US')}; the ${sent.toLocaleString('en-US')} sent were kept.`,
  eiaNoRoute: (route: string, said: string) => `EIA has no route ${route} (${said.replace(/\.$/, '')}.).`,
  zohoSaid: (message: string, code?: string | number) => `Zoho Analytics: ${message}${code !== undefined ? ` (error ${code})` : ''}`,
  zohoHttp: (status: number) => `Zoho Analytics answered HTTP ${status}.`,
  zohoRefreshTokenRejected: 'Zoho rejected the refresh token (invalid_code). Generate a new one from your self-client.',
  zohoClientIdRejected: 'Zoho rejected the client ID (invalid_client). Check it, and that the data center matches your account.',
  zohoClientSecretRejected: 'Zoho rejected the client secret (invalid_client_secret).',
  zohoTokenRefused: (error: string, description: string) => `Zoho refused the token request (${error}).${description}`,
  zohoNoAccessToken: (status: number) => `Zoho's accounts server answered HTTP ${status} without an access token.`,
  zohoUnexpectedShape: (what: string) => `Zoho Analytics answered ${what} in an unexpected shape.`,
  zohoUnreachable: (host: string) => `Could not reach Zoho (${host}). Check the data center and try again.`,
} as const;

/** An error that maps to an HTTP status and the API's JSON body `{message, errors?}`. */
export class AppError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, options: { errors?: Record<string, string[]> | undefined; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

/** 400 for input the request itself got wrong, with field messages when there are any. */
export class ValidationError extends AppError {
  constructor(errors: Record<string, string[]>, message: string = messages.invalidInput) {
    super(400, message, { errors });
  }
}

/** 400 for a request that cannot be done in the current state (nothing configured yet, …). */
export class BadRequestError extends AppError {
  constructor(message: string, errors?: Record<string, string[]>) {
    super(400, message, { errors });
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.notFound) {
    super(404, message);
  }
}

/** 401: no valid session, or credentials (and their field messages) refused. */
export class UnauthorizedError extends AppError {
  constructor(message: string = messages.unauthorized, errors?: Record<string, string[]>) {
    super(401, message, { errors });
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = messages.forbidden) {
    super(403, message);
  }
}

/** 405 with the methods the route does answer. */
export class MethodNotAllowedError extends AppError {
  constructor(allowed: readonly string[]) {
    super(405, messages.methodNotAllowed, { headers: { Allow: allowed.join(', ') } });
  }
}

export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field ? { errors: { [field]: [message] } } : {});
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string = messages.tooLarge) {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string = messages.jsonOnly) {
    super(415, message);
  }
}

/** 429 with Retry-After in whole seconds (at least 1). */
export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message: string = messages.rateLimited) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, message, { headers: { 'Retry-After': String(seconds) } });
    this.retryAfterSeconds = seconds;
  }
}

/** 502: a service the site depends on (EIA, Zoho) failed; the message says how. */
export class BadGatewayError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

/** 503 with Retry-After in whole seconds (at least 1): the site cannot take the request now. */
export class ServiceUnavailableError extends AppError {
  constructor(retryAfterSeconds: number, message: string) {
    super(503, message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

/**
 * The database's "cannot write now", by SQLite's primary result code (the low byte of an
 * extended code such as SQLITE_BUSY_SNAPSHOT): another process holds the write lock past the
 * busy timeout (BUSY, LOCKED), or the file may not grow (FULL: the disk is full, or the
 * database reached its size cap). The client may try again; a full disk also needs the operator.
 */
const DATABASE_REFUSALS = [
  { code: 5, name: 'SQLITE_BUSY', pattern: /database is locked/i, retryAfterSeconds: 5, message: messages.databaseBusy, log: 'locked' },
  { code: 6, name: 'SQLITE_LOCKED', pattern: /database table is locked/i, retryAfterSeconds: 5, message: messages.databaseBusy, log: 'locked' },
  { code: 13, name: 'SQLITE_FULL', pattern: /database or disk is full/i, retryAfterSeconds: 120, message: messages.databaseFull, log: 'full' },
] as const;

type DatabaseRefusal = (typeof DATABASE_REFUSALS)[number];

/**
 * The refusal a thrown value reports, from any backend: the worker threads' native errors
 * (`code` and `rawCode`), the libSQL client's `LibsqlError` on a file (the same) or over the
 * network (`code` only, or only SQLite's words in the message), also when wrapped as `cause`.
 */
function databaseRefusalOf(error: unknown): DatabaseRefusal | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, rawCode } = current as { code?: unknown; rawCode?: unknown };
    const found = DATABASE_REFUSALS.find(
      (r) =>
        (typeof code === 'string' && (code === r.name || code.startsWith(`${r.name}_`))) ||
        (typeof rawCode === 'number' && (rawCode & 0xff) === r.code) ||
        r.pattern.test(current instanceof Error ? current.message : ''),
    );
    if (found) return found;
    current = current.cause;
  }
  return undefined;
}

/**
 * Whether the machine's last refused write was refused for a full disk (or DATABASE_MAX_MB), with no room
 * seen since: /readyz answers not ready for writes meanwhile (health.ts clears it once there is room again).
 * Behind several web processes, a process that sees either change tells the others (`shareFullDisk`,
 * through the cluster's primary), so every process's /readyz says the same.
 */
interface FullDisk {
  refused: boolean;
  /** Tells the machine's other processes of a change seen here. */
  announce?: (refused: boolean) => void;
}
// On globalThis: the listener and the app's bundle each load their own copy of this module in one process.
const fullDisk = ((globalThis as { [key: symbol]: FullDisk | undefined })[Symbol.for('energy-site.writes-refused-full')] ??= {
  refused: false,
});
export const writesRefusedForFullDisk = (): boolean => fullDisk.refused;
export function roomForWritesAgain(): void {
  if (!fullDisk.refused) return;
  fullDisk.refused = false;
  fullDisk.announce?.(false);
}
function writesRefusedFull(): void {
  if (fullDisk.refused) return;
  fullDisk.refused = true;
  fullDisk.announce?.(true);
}

/**
 * Shares the full-disk state with the machine's other processes: `announce` tells them of a change
 * seen here; the answer sets what another process saw (without telling anyone again).
 */
export function shareFullDisk(announce: (refused: boolean) => void): (refused: boolean) => void {
  fullDisk.announce = announce;
  return (refused) => {
    fullDisk.refused = refused;
  };
}

/** When each kind of refusal was last logged: a burst of refused writes logs one line a minute, not one per request. */
const lastLogged = new Map<string, number>();

/**
 * The AppError a thrown value stands for: itself, a 503 with Retry-After for a database that
 * cannot take a write now (logged for the operator, at most once a minute per kind), else
 * undefined (an error the client cannot act on: a 500).
 */
export function appErrorOf(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const refusal = databaseRefusalOf(error);
  if (!refusal) return undefined;
  if (refusal.log === 'full') writesRefusedFull();
  const now = Date.now();
  if (now - (lastLogged.get(refusal.log) ?? 0) >= 60_000) {
    lastLogged.set(refusal.log, now);
    // The code only: the failed statement's parameters are what readers typed.
    console.error(
      refusal.log === 'full'
        ? `The database is full (${refusal.name}: its disk, or DATABASE_MAX_MB): writes answer 503 until there is room.`
        : `The database stayed locked by another process past the busy timeout (${refusal.name}): writes answer 503 meanwhile.`,
    );
  }
  return new ServiceUnavailableError(refusal.retryAfterSeconds, refusal.message);
}
