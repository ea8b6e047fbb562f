import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test's process: what it accepts is what a mailbox would receive. */
export interface TestSmtp {
  /** Every message accepted so far, parsed, in order. */
  received: ParsedMail[];
  /** The `SMTP_URL` that reaches it. */
  url: string;
  /** Refuses the next `count` messages with a temporary failure (451), as a busy server does. */
  refuseNext: (count: number) => void;
  /** Resolves once `condition()` holds (checked as mail arrives and every 200 ms), or rejects after `timeoutMs`. */
  waitFor: (condition: () => boolean, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

/** `onMail`: called with each message accepted (the browser tests' server writes them where the tests read them). */
export async function startTestSmtp(options: { onMail?: (mail: ParsedMail) => void } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let refusing = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      if (refusing > 0) {
        refusing--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          options.onMail?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    refuseNext: (count) => {
      refusing = count;
    },
    waitFor: async (condition, timeoutMs = 60_000) => {
      const end = Date.now() + timeoutMs;
      while (!condition()) {
        if (Date.now() > end) throw new Error('Timed out waiting for mail');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
