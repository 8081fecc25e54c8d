import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('./notify', () => ({ notifyError }));

afterEach(() => {
  notifyError.mockClear();
});

const refusal = new ApiError(400, 'This name is not accepted');

/**
 * A form's silent mutation, refused once the form is still there (`unmountFirst` false) or gone (a
 * dialog closed while it sent). `ownOnError`: the mutation says its failures itself.
 */
async function refuse({ unmountFirst, ownOnError }: { unmountFirst: boolean; ownOnError?: () => void }) {
  let fail: ((error: Error) => void) | undefined;
  let mutation!: ReturnType<typeof useMutation<string>>;
  function Form() {
    mutation = useMutation({
      mutationFn: () => new Promise<string>((_, reject) => (fail = reject)),
      meta: { silent: true },
      onError: ownOnError,
    });
    return null;
  }
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Form />
    </QueryClientProvider>,
  );
  act(() => mutation.mutate(undefined));
  await vi.waitFor(() => expect(fail).toBeDefined());
  if (unmountFirst) view.unmount();
  await act(async () => fail?.(refusal));
}

describe('a silent mutation’s refusal', () => {
  it('is left to its form while the form is there', async () => {
    await refuse({ unmountFirst: false });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('is a toast, once, when its form went away while it sent', async () => {
    await refuse({ unmountFirst: true });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(refusal.message, true);
  });

  it('is left to the mutation’s own onError, which says it whatever is on screen', async () => {
    const ownOnError = vi.fn();
    await refuse({ unmountFirst: true, ownOnError });
    expect(ownOnError).toHaveBeenCalledOnce();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
