import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSubmitOnce } from './use-submit-once';

describe('useSubmitOnce', () => {
  it('sends one submission for a double click, and the next once it settled', async () => {
    const { result } = renderHook(() => useSubmitOnce());
    let calls = 0;
    let settle = () => {};
    const submit = () => {
      calls++;
      return new Promise<void>((resolve) => {
        settle = resolve;
      });
    };
    result.current(submit);
    result.current(submit);
    expect(calls).toBe(1);
    settle();
    await new Promise((r) => setTimeout(r, 0));
    result.current(submit);
    expect(calls).toBe(2);
  });

  it('is ready again after a failed submission', async () => {
    const { result } = renderHook(() => useSubmitOnce());
    let calls = 0;
    result.current(() => {
      calls++;
      return Promise.reject(new Error('refused'));
    });
    await new Promise((r) => setTimeout(r, 0));
    result.current(async () => {
      calls++;
    });
    expect(calls).toBe(2);
  });

  it('runs its success handler only while the form is there, as mutate does', async () => {
    const { result, unmount } = renderHook(() => useSubmitOnce());
    const seen: string[] = [];
    let settle = () => {};
    result.current(
      () =>
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
      { onSuccess: () => seen.push('after close') },
    );
    unmount();
    settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([]);
  });
});
