import { expect } from 'vitest';

/**
 * Sends as a patient client does: a 503 is the write queue's documented answer when the
 * server is past its own limit (nothing stored, a `Retry-After` given), so the request is sent
 * again after the time asked, until `deadline`. Any other answer is returned as it came.
 */
export async function sendPatiently<T extends { status: number; headers: Headers }>(
  send: () => Promise<T>,
  deadline = Date.now() + 120_000,
): Promise<T> {
  for (;;) {
    const result = await send();
    if (result.status !== 503 || Date.now() > deadline) return result;
    const retryAfter = Number(result.headers.get('Retry-After'));
    expect(retryAfter, 'a 503 says when to come back').toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 2) * 1000));
  }
}
