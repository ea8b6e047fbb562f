import { afterAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startTestSmtp } from '../fakes/smtp.ts';
import { useServerDatabase } from '../helpers/database.ts';

// A real SMTP server in this process: what it accepts is what a mailbox would receive.
const smtp = await startTestSmtp();
const { received } = smtp;

useServerDatabase('newsletter');
process.env['SMTP_URL'] = smtp.url;
process.env['SITE_URL'] = 'https://energypulse.test';
process.env['APP_SECRET'] = 'a-test-secret-that-is-at-least-32-characters-long';
const { deliverDueMail } = await import('@/server/services/mail/outbox');
const { newsletterSubscribeSchema } = await import('@/lib/validation/newsletter');
const newsletter = await import('@/server/services/newsletter/subscriptions');
const { manageTokenOf } = await import('@/server/auth/reader-tokens');
const { getSubscriberByEmail } = await import('@/server/queries/subscribers');
const { RateLimitError } = await import('@/server/errors');

afterAll(() => smtp.close());

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23) + ms);
const MINUTE = 60_000;
const deliver = (ms: number) => deliverDueMail({ holder: 'test', now: () => at(ms) });
const subscribe = (email: string, ms: number, extra: Record<string, unknown> = {}) =>
  newsletter.subscribeToNewsletter(newsletterSubscribeSchema.parse({ email, ...extra }), '203.0.113.9', at(ms));
const confirmTokenIn = (mail: ParsedMail | undefined) => /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

describe('newsletter subscriptions', () => {
  it('sends only a confirmation until the reader confirms, then activates the subscription', async () => {
    expect(await subscribe('Reader@Example.com', 0, { priceAlerts: true, topics: ['oil-gas'] })).toEqual({ ok: true });
    await deliver(1000);
    expect(received.map((m) => [m.to && !Array.isArray(m.to) ? m.to.text : '', m.subject])).toEqual([
      ['reader@example.com', 'Confirm your EnergyPulse subscription'],
    ]);
    expect(await getSubscriberByEmail('reader@example.com')).toMatchObject({ status: 'pending', priceAlerts: true, topics: '["oil-gas"]' });
    const token = confirmTokenIn(received[0]);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(await newsletter.confirmSubscription('not-the-token', at(2000))).toEqual({ state: 'unknown' });
    expect(await newsletter.checkConfirmToken(token, at(2000))).toBe('ready');
    expect(await newsletter.confirmSubscription(token, at(2000))).toMatchObject({
      state: 'confirmed',
      subscriber: { email: 'reader@example.com', status: 'active' },
    });
    // A confirm link works once; used again it says so.
    expect(await newsletter.confirmSubscription(token, at(3000))).toEqual({ state: 'already' });
    expect(await newsletter.checkConfirmToken(token, at(3000))).toBe('already');
  });

  it('answers the same for a known address, limits confirmations per e-mail address, and ignores a filled honeypot', async () => {
    received.length = 0;
    expect(await subscribe('reader@example.com', 10 * MINUTE)).toEqual({ ok: true });
    await expect(subscribe('reader@example.com', 10 * MINUTE + 5000)).rejects.toBeInstanceOf(RateLimitError);
    expect(await subscribe('bot@example.com', 20 * MINUTE, { website: 'http://spam.test' })).toEqual({ ok: true });
    expect(await getSubscriberByEmail('bot@example.com')).toBeUndefined();
    await deliver(30 * MINUTE);
    expect(received.map((m) => m.subject)).toEqual(['Confirm your EnergyPulse subscription']);
    // Still active: asking again does not undo a confirmed subscription.
    expect((await getSubscriberByEmail('reader@example.com'))?.status).toBe('active');
  });

  it('rejects a confirm link after 48 hours', async () => {
    received.length = 0;
    await subscribe('late@example.com', 60 * MINUTE);
    await deliver(61 * MINUTE);
    const token = confirmTokenIn(received[0]);
    expect(await newsletter.confirmSubscription(token, at(60 * MINUTE + newsletter.CONFIRM_TOKEN_MS + 1))).toEqual({ state: 'expired' });
    expect((await getSubscriberByEmail('late@example.com'))?.status).toBe('pending');
  });

  it('unsubscribes at once by the manage token, again and again without error, and carries RFC 8058 headers', async () => {
    const subscriber = await getSubscriberByEmail('reader@example.com');
    if (!subscriber) throw new Error('The subscriber is missing.');
    const headers = newsletter.unsubscribeHeaders(subscriber);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // As queued: the mail job puts the reader's token in when it sends the message (reader-links.test.ts).
    expect(headers['List-Unsubscribe']).toMatch(/\/newsletter\/unsubscribe\?token=made-at-sending>$/);
    const token = manageTokenOf(subscriber);
    expect((await newsletter.getSubscriberByManageToken(token))?.id).toBe(subscriber.id);
    expect(await newsletter.unsubscribeByToken(token, at(2 * 60 * MINUTE))).toBe(true);
    expect(await newsletter.unsubscribeByToken(token, at(2 * 60 * MINUTE + 1))).toBe(true);
    expect(await getSubscriberByEmail('reader@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribedAt: at(2 * 60 * MINUTE) });
    expect(await newsletter.unsubscribeByToken('unknown-token')).toBe(false);
  });
});
