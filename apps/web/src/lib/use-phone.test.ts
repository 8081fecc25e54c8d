import { renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useSmallPhone } from './use-phone';

afterEach(() => vi.restoreAllMocks());

function screenMatching(matching: string) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query === matching,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as never,
  );
}

it('tells a small phone (30em wide and under) from a larger one', () => {
  screenMatching('(max-width: 30em)');
  expect(renderHook(() => useSmallPhone()).result.current).toBe(true);
  screenMatching('(max-width: 48em)');
  expect(renderHook(() => useSmallPhone()).result.current).toBe(false);
});

it('knows it on the first render when asked to, so a phone never draws the wide layout first', () => {
  screenMatching('(max-width: 30em)');
  const seen: boolean[] = [];
  renderHook(() => seen.push(useSmallPhone({ getInitialValueInEffect: false })));
  expect(seen[0]).toBe(true);
});
