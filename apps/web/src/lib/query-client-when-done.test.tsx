import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { createQueryClient, whenDone } from './query-client';

/** A mutation whose caller is gone by the time it succeeds, started both ways. */
async function startThenUnmount(start: (mutation: ReturnType<typeof useMutation<string>>) => void) {
  let finish: ((value: string) => void) | undefined;
  let mutation!: ReturnType<typeof useMutation<string>>;
  function Caller() {
    mutation = useMutation({ mutationFn: () => new Promise<string>((resolve) => (finish = resolve)) });
    return null;
  }
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Caller />
    </QueryClientProvider>,
  );
  act(() => start(mutation));
  await vi.waitFor(() => expect(finish).toBeDefined());
  view.unmount();
  await act(async () => finish?.('revoked'));
}

it('runs the success step after its caller unmounted, which mutate’s own onSuccess skips', async () => {
  const seen: string[] = [];
  await startThenUnmount((m) => whenDone(m.mutateAsync(), (r) => seen.push(`whenDone ${r}`)));
  await startThenUnmount((m) => m.mutate(undefined, { onSuccess: (r) => seen.push(`mutate ${r}`) }));
  expect(seen).toEqual(['whenDone revoked']);
});
