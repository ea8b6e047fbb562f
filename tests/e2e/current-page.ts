import type { Page, Response } from '@playwright/test';

/**
 * Opens a page as a reader once it is current: after a change, the first answers may be the
 * stale page (`X-Cache: STALE`) while its new version renders in the background, so this
 * loads it again until the answer is current.
 */
export async function gotoCurrent(page: Page, path: string): Promise<Response | null> {
  for (let attempt = 0; ; attempt++) {
    const response = await page.goto(path);
    if ((await response?.headerValue('x-cache')) !== 'STALE') return response;
    if (attempt >= 200) throw new Error(`${path} stayed stale: its new version never rendered`);
    await page.waitForTimeout(50);
  }
}
