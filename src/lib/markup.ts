// Text made safe inside markup: one definition for every page, feed, sitemap, mail and chart
// that writes HTML, XML or SVG by hand.

/** Text made safe for HTML or XML character data and double-quoted attribute values. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The same, single quotes too (`&apos;`): XML written by hand (a chart's SVG, a sitemap). */
export function xmlText(text: string): string {
  return escapeMarkup(text).replace(/'/g, '&apos;');
}
