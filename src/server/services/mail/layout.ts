import { SITE_NAME } from '@/lib/site';
import { campaignLink } from '@/lib/view-beacon';
import { escapeMarkup } from '@/lib/markup';

/** One entry of a mailing: a headline (linked), a line about it, and a sentence or two. */
export interface MailItem {
  title: string;
  href?: string | undefined;
  meta?: string | undefined;
  body?: string | undefined;
  /** The figures it cites, as text with their sources ("$78.31/bbl (WTI Crude Oil, EIA RWTC, Nov 25, 2026)"). */
  figures?: readonly string[] | undefined;
  /** A chart under it, sent inside the message (its `cid:`), with the text a reader who cannot see it gets. */
  image?: MailImage | undefined;
}

/** An image inside a message: its Content-ID, its alt text (the chart and its latest figure), its size in the message. */
export interface MailImage {
  cid: string;
  alt: string;
  width: number;
  height: number;
}

/** A titled group of entries ("Oil & Gas", "Markets"), with an optional closing note. */
export interface MailSection {
  heading: string;
  items: MailItem[];
  note?: string | undefined;
  /** A chart under the heading, before the entries (whose figures say in text what it draws). */
  image?: MailImage | undefined;
}

/** A message to readers or editors, rendered both as HTML and as plain text. */
export interface MailDocument {
  /** The message's heading (and the HTML document's title). */
  title: string;
  intro: string;
  sections: MailSection[];
  /** A line after the sections ("Read every story at …"). */
  outro?: { text: string; href?: string | undefined } | undefined;
  /** Why the reader gets this and where to change it (every message to a subscriber has it). */
  footer?: { reason: string; preferences: string; unsubscribe: string } | undefined;
  /**
   * The edition a mail to readers belongs to (its outbox kind): every link of its entries and
   * its closing line carries it as `utm_campaign`, so the readership screen counts the visits
   * its links bring. The footer's own links (preferences, unsubscribe) stay as they are.
   */
  campaign?: string | undefined;
}

/** The document with its campaign on every link of its entries and its closing line. */
function tagged(doc: MailDocument): MailDocument {
  const { campaign } = doc;
  if (!campaign) return doc;
  const tag = (href: string | undefined) => (href === undefined ? undefined : campaignLink(href, campaign));
  return {
    ...doc,
    sections: doc.sections.map((s) => ({ ...s, items: s.items.map((item) => ({ ...item, href: tag(item.href) })) })),
    outro: doc.outro && { ...doc.outro, href: tag(doc.outro.href) },
  };
}

// Inline styles only (mail clients drop <style>), colors with at least 4.5:1 contrast on white.
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT = 'color:#1f2937';
const MUTED = 'color:#4b5563';
const LINK = 'color:#1d4ed8';

/** An image of the message, scaled down on a narrow screen; its alt text stands in where images are blocked. */
function imageHtml(image: MailImage): string {
  return (
    `<img src="cid:${escapeMarkup(image.cid)}" alt="${escapeMarkup(image.alt)}" width="${image.width}" height="${image.height}" ` +
    `style="display:block;width:100%;max-width:${image.width}px;height:auto;border:0;margin:8px 0 12px 0;${MUTED};font-size:13px">`
  );
}

/** What an entry's figures are introduced by. */
const FIGURES_LABEL = 'Figures in the story:';

function itemHtml(item: MailItem): string {
  const title = item.href
    ? `<a href="${escapeMarkup(item.href)}" style="${LINK};font-weight:600;text-decoration:underline">${escapeMarkup(item.title)}</a>`
    : `<strong>${escapeMarkup(item.title)}</strong>`;
  const meta = item.meta ? `<br><span style="${MUTED};font-size:13px">${escapeMarkup(item.meta)}</span>` : '';
  const body = item.body ? `<br><span style="font-size:15px">${escapeMarkup(item.body)}</span>` : '';
  const figures = item.figures?.length
    ? `<br><span style="${MUTED};font-size:13px">${FIGURES_LABEL}</span><ul style="padding:0 0 0 18px;margin:2px 0 0 0;font-size:14px">` +
      item.figures.map((f) => `<li style="margin:0">${escapeMarkup(f)}</li>`).join('') +
      '</ul>'
    : '';
  return `<li style="margin:0 0 14px 0;line-height:1.45">${title}${meta}${body}${figures}${item.image ? imageHtml(item.image) : ''}</li>`;
}

/**
 * The HTML of a message: one centered column, semantic headings and lists, real link text,
 * `lang` and a title, so it reads well in a mail client, on a phone and to a screen reader.
 */
export function renderMailHtml(document: MailDocument): string {
  const doc = tagged(document);
  const sections = doc.sections
    .map(
      (s) =>
        `<h2 style="${TEXT};font-size:18px;margin:24px 0 8px 0;border-bottom:1px solid #d1d5db;padding-bottom:4px">${escapeMarkup(s.heading)}</h2>` +
        (s.image ? imageHtml(s.image) : '') +
        `<ul style="padding:0 0 0 18px;margin:0">${s.items.map(itemHtml).join('')}</ul>` +
        (s.note ? `<p style="${MUTED};font-size:13px;margin:4px 0 0 0">${escapeMarkup(s.note)}</p>` : ''),
    )
    .join('');
  const outro = doc.outro
    ? `<p style="margin:24px 0 0 0">${doc.outro.href ? `<a href="${escapeMarkup(doc.outro.href)}" style="${LINK}">${escapeMarkup(doc.outro.text)}</a>` : escapeMarkup(doc.outro.text)}</p>`
    : '';
  const footer = doc.footer
    ? `<p style="${MUTED};font-size:13px;margin:32px 0 0 0;border-top:1px solid #d1d5db;padding-top:12px">${escapeMarkup(doc.footer.reason)} ` +
      `<a href="${escapeMarkup(doc.footer.preferences)}" style="${LINK}">Change what you get</a> or ` +
      `<a href="${escapeMarkup(doc.footer.unsubscribe)}" style="${LINK}">unsubscribe</a>.</p>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeMarkup(doc.title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#ffffff">` +
    `<div role="article" aria-label="${escapeMarkup(doc.title)}" lang="en" style="max-width:600px;margin:0 auto;padding:24px 16px;${FONT};${TEXT};font-size:16px">` +
    `<p style="${MUTED};font-size:13px;margin:0 0 4px 0">${SITE_NAME}</p>` +
    `<h1 style="${TEXT};font-size:24px;line-height:1.25;margin:0 0 12px 0">${escapeMarkup(doc.title)}</h1>` +
    `<p style="margin:0 0 8px 0">${escapeMarkup(doc.intro)}</p>` +
    sections +
    outro +
    footer +
    `</div></body></html>`
  );
}

/** The plain-text part of a message: the same content, links written out. */
export function renderMailText(document: MailDocument): string {
  const doc = tagged(document);
  const lines: string[] = [doc.title, '='.repeat(Math.min(doc.title.length, 72)), '', doc.intro];
  for (const s of doc.sections) {
    lines.push('', s.heading.toUpperCase(), '');
    for (const item of s.items) {
      lines.push(`* ${item.title}`);
      if (item.meta) lines.push(`  ${item.meta}`);
      if (item.body) lines.push(`  ${item.body}`);
      if (item.figures?.length) lines.push(`  ${FIGURES_LABEL}`, ...item.figures.map((f) => `  - ${f}`));
      if (item.href) lines.push(`  ${item.href}`);
      lines.push('');
    }
    if (s.note) lines.push(s.note);
  }
  if (doc.outro) lines.push('', doc.outro.href ? `${doc.outro.text}: ${doc.outro.href}` : doc.outro.text);
  if (doc.footer) lines.push('', '--', doc.footer.reason, `Change what you get: ${doc.footer.preferences}`, `Unsubscribe: ${doc.footer.unsubscribe}`);
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}
