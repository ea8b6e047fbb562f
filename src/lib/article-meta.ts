/** Reading speed the estimate assumes, in words per minute. */
export const WORDS_PER_MINUTE = 230;

/** An article changed this long after it was published shows an "Updated" date. */
export const UPDATE_NOTICE_AFTER_MS = 10 * 60_000;

/** Whole minutes to read an article's HTML body (at least one). */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim();
  return minutesForWords(text === '' ? 0 : text.split(/\s+/).length);
}

/** Whole minutes to read so many words (at least one). */
export function minutesForWords(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** Whether an article was changed after it was published (beyond the moments of publishing itself). */
export function wasUpdated(publishedAt: string, updatedAt: string): boolean {
  return new Date(updatedAt).getTime() - new Date(publishedAt).getTime() > UPDATE_NOTICE_AFTER_MS;
}

/**
 * When an article last changed for readers (ISO 8601): its last save, or its newest correction
 * when that came later (a correction is added without saving the article).
 */
export function lastModified(updatedAt: string, corrections: readonly { createdAt: string }[]): string {
  const newest = Math.max(new Date(updatedAt).getTime(), ...corrections.map((c) => new Date(c.createdAt).getTime()));
  return new Date(newest).toISOString();
}

/** Plain share links for an article (no third-party script): where each leads, with the article's address and title. */
export function shareLinks(url: string, title: string): { network: string; label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'x', label: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { network: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'email', label: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}
