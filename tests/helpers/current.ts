/**
 * Loads a page until the answer is current: after a change, the first answers may be the
 * stale page (`X-Cache: STALE`) while its new version renders in the background. `cacheOf`
 * reads an answer's X-Cache; `explain` adds to the failure when it never turns current.
 */
export async function untilCurrent<T>(
  what: string,
  load: () => Promise<T>,
  cacheOf: (answer: T) => Promise<string | null | undefined> | string | null | undefined,
  explain: () => string = () => '',
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const answer = await load();
    if ((await cacheOf(answer)) !== 'STALE') return answer;
    if (attempt >= 1_000) throw new Error(`${what} stayed stale: its new version never rendered.${explain()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
