import type { Page, Response } from '@playwright/test';
import { untilCurrent } from '../helpers/current.ts';

/** Opens a page as a reader once it is current (see `untilCurrent`). */
export function gotoCurrent(page: Page, path: string): Promise<Response | null> {
  return untilCurrent(
    path,
    () => page.goto(path),
    (response) => response?.headerValue('x-cache'),
  );
}
