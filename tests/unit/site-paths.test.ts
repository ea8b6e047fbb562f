import { describe, expect, it } from 'vitest';
import { sitePathParts } from '@/lib/site-paths';

describe('sitePathParts', () => {
  it("links the release desk note's calendar entry and keeps the text as written", () => {
    const note =
      "Drafted from EIA's figures of the Weekly Natural Gas Storage Report of November 26, 2026 (/calendar#wngsr-2026-11-26), for the desk's editors.";
    const parts = sitePathParts(note);
    expect(parts.map((p) => p.text).join('')).toBe(note);
    expect(parts.filter((p) => p.href)).toEqual([{ text: '/calendar#wngsr-2026-11-26', href: '/calendar#wngsr-2026-11-26' }]);
  });

  it('links a path at the start or end of a sentence, leaving its period outside', () => {
    expect(sitePathParts('/markets/wti-crude is up. See /article/x-y.')).toEqual([
      { text: '/markets/wti-crude', href: '/markets/wti-crude' },
      { text: ' is up. See ' },
      { text: '/article/x-y', href: '/article/x-y' },
      { text: '.' },
    ]);
  });

  it('leaves slashes inside words, protocol-relative and full addresses as text', () => {
    for (const text of ['and/or', 'see //evil.example/x', 'https://example.com/a', 'a / b', 'No path here']) {
      expect(sitePathParts(text)).toEqual([{ text }]);
    }
  });
});
