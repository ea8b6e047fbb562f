import { existsSync, readFileSync } from 'node:fs';

/** Where the browser tests' server writes each mail its SMTP server accepts, a JSON line each (tests/helpers/e2e-server.ts). */
export const E2E_MAILBOX = './data/e2e/mailbox.jsonl';

/** A mail as the mailbox file holds it. */
export interface MailboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails received for `email` so far, in order. */
export function mailsTo(email: string): MailboxMail[] {
  if (!existsSync(E2E_MAILBOX)) return [];
  return readFileSync(E2E_MAILBOX, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      // The server may be writing the last line as it is read: a partial line is read next time.
      try {
        return [JSON.parse(line) as MailboxMail];
      } catch {
        return [];
      }
    })
    .filter((mail) => mail.to === email.toLowerCase());
}
