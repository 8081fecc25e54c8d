import type { UseFormReturnType } from '@mantine/form';
import { MESSAGES } from '@screenroom/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors } from './forms';

const fakeForm = () => {
  const setErrors = vi.fn();
  return { form: { setErrors } as unknown as UseFormReturnType<Record<string, string>>, setErrors };
};

describe('applyServerErrors', () => {
  it('shows under each field the first message the API gives it, the one its answer leads with', () => {
    // A blank name breaks two rules: the API answers 'name: Field is required' and lists both.
    const error = new ApiError(400, `name: ${MESSAGES.required}`, [
      { field: 'name', message: MESSAGES.required },
      { field: 'name', message: MESSAGES.minLength(2) },
      { field: 'email', message: MESSAGES.email },
    ]);
    const { form, setErrors } = fakeForm();
    applyServerErrors(form, error);
    expect(setErrors).toHaveBeenCalledWith({ name: MESSAGES.required, email: MESSAGES.email });
  });

  it('leaves the form alone for an answer without field errors', () => {
    const { form, setErrors } = fakeForm();
    applyServerErrors(
      form,
      new ApiError(409, 'there is already an invitation for a@b.co, so edit or extend access'),
    );
    applyServerErrors(form, new Error('offline'));
    expect(setErrors).not.toHaveBeenCalled();
  });
});
