import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, type DiffLine } from '@/lib/line-diff';

const older = (diff: DiffLine[]) => diff.filter((l) => l.op !== 'add').map((l) => l.text);
const newer = (diff: DiffLine[]) => diff.filter((l) => l.op !== 'del').map((l) => l.text);

describe('diffLines', () => {
  it('keeps shared lines and marks the removed and added ones', () => {
    const diff = diffLines(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e']);
    expect(diff.map((l) => `${l.op} ${l.text}`)).toEqual(['same a', 'del b', 'add x', 'same c', 'same d', 'add e']);
    expect(Object.keys(diff[0] ?? {}).sort()).toEqual(['op', 'text']);
  });

  it('answers only shared lines for equal texts, and only changes against an empty one', () => {
    expect(diffLines(['a', 'b'], ['a', 'b']).every((l) => l.op === 'same')).toBe(true);
    expect(diffLines([], ['a'])).toEqual([{ op: 'add', text: 'a' }]);
    expect(diffLines(['a'], [])).toEqual([{ op: 'del', text: 'a' }]);
  });

  it('finds a longest common subsequence, not just any', () => {
    const diff = diffLines(['x', 'a', 'b', 'c'], ['a', 'b', 'c', 'x']);
    expect(diff.filter((l) => l.op === 'same')).toHaveLength(3);
  });

  it('always rebuilds both texts from the diff', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const diff = diffLines(a, b);
        expect(older(diff)).toEqual(a);
        expect(newer(diff)).toEqual(b);
      }),
    );
  });

  it('shows a middle too large to compare as removed and added, and still rebuilds both texts', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `old ${i}`);
    const b = Array.from({ length: 3000 }, (_, i) => `new ${i}`);
    const diff = diffLines(['head', ...a, 'tail'], ['head', ...b, 'tail']);
    expect(diff[0]).toEqual({ op: 'same', text: 'head' });
    expect(diff.at(-1)).toEqual({ op: 'same', text: 'tail' });
    expect(older(diff)).toEqual(['head', ...a, 'tail']);
    expect(newer(diff)).toEqual(['head', ...b, 'tail']);
  });
});

describe('htmlToDiffLines', () => {
  it('makes one line per block, a table row one line of its cells', async () => {
    const { htmlToDiffLines } = await import('@/server/services/articles/revisions');
    expect(
      htmlToDiffLines(
        '<h2>Prices</h2><p>Gas &amp; oil.</p><table><tbody><tr><th>Hub</th><th>$/MMBtu</th></tr><tr><td>Henry</td><td><strong>3.10</strong></td></tr></tbody></table><ul><li>One</li></ul>',
      ),
    ).toEqual(['## Prices', 'Gas & oil.', '| Hub | $/MMBtu |', '| Henry | 3.10 |', '• One']);
  });
});
