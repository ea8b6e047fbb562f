import { describe, expect, it } from 'vitest';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';
import { startTestSmtp } from '../fakes/smtp.ts';

const smtp = useFake(startTestSmtp);
const server = useTestServer(() => ({ TRUST_PROXY: 'true', SMTP_URL: smtp.url }));
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

function subscribe(body: unknown, options: { origin?: string; contentType?: string } = {}) {
  return fetch(`${server.url}/api/newsletter/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': options.contentType ?? 'application/json', Origin: options.origin ?? server.url, 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify(body),
  });
}

const waitFor = (condition: () => boolean) => smtp.waitFor(condition);

describe('POST /api/newsletter/subscribe', () => {
  it('answers 202 and the mail job delivers exactly one confirmation message with its link', async () => {
    const response = await subscribe({ email: 'first@example.com', dailyBriefing: true, topics: ['oil-gas'] });
    expect(response.status).toBe(202);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/confirm/i);
    await waitFor(() => smtp.received.length > 0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.subject).toBe('Confirm your EnergyPulse subscription');
    expect(smtp.received[0]?.text).toMatch(/https?:\/\/[^/\s]+\/newsletter\/confirm\?token=[\w-]{40,}/);
  });

  it('answers a known address like a new one, and limits confirmations per e-mail address whoever asks', async () => {
    const fresh = await subscribe({ email: 'second@example.com' });
    const again = await subscribe({ email: 'first@example.com' });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(fresh.status).toBe(202);
    const laterKnown = await subscribe({ email: 'second@example.com' });
    expect(laterKnown.status).toBe(429);
  });

  it('counts a mailbox once however its address is written: +tags and letter case do not get more confirmations', async () => {
    expect((await subscribe({ email: 'victim@example.org' })).status).toBe(202);
    for (const email of ['victim+1@example.org', 'Victim+news@Example.org', 'VICTIM@EXAMPLE.ORG']) {
      const again = await subscribe({ email });
      expect(again.status, email).toBe(429);
      expect(again.headers.get('retry-after'), email).toMatch(/^\d+$/);
    }
    // Gmail ignores dots in the name part too.
    expect((await subscribe({ email: 'news.reader@gmail.com' })).status).toBe(202);
    expect((await subscribe({ email: 'newsreader+x@googlemail.com' })).status).toBe(429);
    // Another mailbox at the same domain is not held back.
    expect((await subscribe({ email: 'victim2@example.org' })).status).toBe(202);
  });

  it('follows the public write rules: field errors, JSON only, same origin', async () => {
    const bad = await subscribe({ email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors['email']).toEqual(['Please enter a valid email address']);
    expect((await subscribe({ email: 'x@example.com' }, { contentType: 'text/plain' })).status).toBe(415);
    expect((await subscribe({ email: 'x@example.com' }, { origin: 'https://evil.example' })).status).toBe(403);
  });
});
