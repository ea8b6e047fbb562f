import type { Page } from '@playwright/test';

/** Lightness (0 dark to 1 light) of a computed CSS color: oklch() as Chromium serializes it, or rgb(). */
export function lightnessOf(color: string): number {
  const oklch = /^oklch\(([\d.]+)(%?)/.exec(color);
  if (oklch) return Number(oklch[1]) / (oklch[2] ? 100 : 1);
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (rgb) return (Number(rgb[1]) * 0.2126 + Number(rgb[2]) * 0.7152 + Number(rgb[3]) * 0.0722) / 255;
  throw new Error(`Unreadable color: ${color}`);
}

/** The page's background lightness as painted now. */
export async function backgroundLightness(page: Page): Promise<number> {
  return lightnessOf(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
}
