import { expect } from 'vitest';

/** Asserts that `items` run newest first by the instant (an ISO 8601 string) `at` picks of each. */
export function expectNewestFirst<T>(items: readonly T[], at: (item: T) => string): void {
  const times = items.map((item) => Date.parse(at(item)));
  expect(times).toEqual([...times].sort((a, b) => b - a));
}
