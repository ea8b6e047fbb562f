// The browser tests' servers: the production server on a fresh database, seeded, and for
// E2E_SCALE_ARTICLES grown to that many articles (and ten comments each) first.
import '../../scripts/require-node.mjs';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildIfNeeded } from '../../scripts/build.mjs';

const databaseUrl = process.env['DATABASE_URL'] ?? 'file:./data/e2e/e2e.db';
rmSync(dirname(databaseUrl.slice('file:'.length)), { recursive: true, force: true });
// Uploaded images go beside the database, and are removed with it.
process.env['MEDIA_DIR'] ??= join(dirname(databaseUrl.slice('file:'.length)), 'media');
buildIfNeeded();
if (process.env['FAKE_ZOHO_PORT']) {
  // Zoho's hosts, faked locally (the host settings exist for tests only).
  const { startFakeZoho } = await import('../fakes/zoho.ts');
  const zoho = await startFakeZoho(Number(process.env['FAKE_ZOHO_PORT']));
  process.env['ZOHO_ACCOUNTS_URL'] = zoho.url;
  process.env['ZOHO_ANALYTICS_URL'] = zoho.url;
}
if (process.env['E2E_MAILBOX']) {
  // A real SMTP server: each message it accepts is a line of the mailbox file, where the tests
  // read a reader's links as the reader would (the outbox never holds a usable one).
  const { appendFileSync, mkdirSync } = await import('node:fs');
  const mailbox = process.env['E2E_MAILBOX'];
  mkdirSync(dirname(mailbox), { recursive: true });
  const { startTestSmtp } = await import('../fakes/smtp.ts');
  const smtp = await startTestSmtp({
    onMail: (mail) => {
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      appendFileSync(mailbox, `${JSON.stringify({ to: to.toLowerCase(), subject: mail.subject ?? '', text: mail.text ?? '' })}\n`);
    },
  });
  process.env['SMTP_URL'] = smtp.url;
}
const articles = Number(process.env['E2E_SCALE_ARTICLES'] ?? 0);
if (articles > 0) {
  const { prepareDatabase } = await import('../../scripts/prepare-db.ts');
  const { growDatabase } = await import('@db/seed/scale');
  await prepareDatabase({ seed: true });
  growDatabase({ path: databaseUrl.slice('file:'.length), articles, comments: articles * 10 });
}
const { startServer } = await import('../../scripts/serve.ts');
await startServer();
