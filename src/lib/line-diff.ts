/** One line of a diff: kept, added (only in the newer text) or removed (only in the older). */
export interface DiffLine {
  op: 'same' | 'add' | 'del';
  text: string;
}

/** Past this many cells (changed lines before × after) the middle is shown as replaced whole. */
const MAX_TABLE_CELLS = 4_000_000;

/**
 * A line diff of two texts' lines (longest common subsequence): the lines both share are
 * `same`, the rest `del` (from `before`) and `add` (from `after`), deletions before additions
 * at each change. The shared head and tail are matched first, so a small edit of a long text
 * stays cheap; a middle too large to compare line by line is shown as removed and added.
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const out: DiffLine[] = before.slice(0, head).map((text) => ({ op: 'same', text }));
  if (a.length * b.length > MAX_TABLE_CELLS) {
    out.push(...a.map((text): DiffLine => ({ op: 'del', text })), ...b.map((text): DiffLine => ({ op: 'add', text })));
  } else {
    // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
    const width = b.length + 1;
    const lengths = new Uint32Array((a.length + 1) * width);
    for (let i = a.length - 1; i >= 0; i--)
      for (let j = b.length - 1; j >= 0; j--)
        lengths[i * width + j] =
          a[i] === b[j] ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1 : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) {
        out.push({ op: 'same', text: a[i] ?? '' });
        i++;
        j++;
      } else if (j >= b.length || (i < a.length && (lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0))) {
        out.push({ op: 'del', text: a[i] ?? '' });
        i++;
      } else {
        out.push({ op: 'add', text: b[j] ?? '' });
        j++;
      }
    }
  }
  out.push(...before.slice(before.length - tail).map((text): DiffLine => ({ op: 'same', text })));
  return out;
}
