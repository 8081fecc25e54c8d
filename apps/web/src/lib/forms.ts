import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from './api-client';
import { focusLost } from './focus-lost';
import { notifyApiError } from './query-client';

/**
 * Puts the server's per-field messages under the matching inputs: a field that broke several rules shows
 * the first, the one the answer's `message` leads with (a blank name is 'Field is required', not also too
 * short), as the forms' own checks do. Answers the messages by field.
 */
export function applyServerErrors<T>(form: UseFormReturnType<T>, error: unknown) {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const e of error.errors) errors[e.field] ??= e.message;
  if (Object.keys(errors).length > 0) form.setErrors(errors);
  return errors;
}

/**
 * A `silent` mutation's refusal, said once: under the fields it names when the form shows them, else as
 * the toast the mutation would have shown (a limit, a conflict, a failure no field is about).
 * `shownElsewhere`: fields the screen shows outside the form's inputs (the captcha's own message).
 * The submit button, disabled while it sent, dropped the focus to the page: the first field in error
 * takes it (a person typing elsewhere keeps theirs).
 */
export function showServerErrors<T>(
  form: UseFormReturnType<T>,
  error: unknown,
  shownElsewhere: string[] = [],
) {
  const errors = applyServerErrors(form, error);
  const underInputs = Object.keys(errors).filter((path) => form.getInputNode(path));
  if (focusLost()) focusFirstError(form)(Object.fromEntries(underInputs.map((path) => [path, errors[path]])));
  if (underInputs.length === 0 && !Object.keys(errors).some((path) => shownElsewhere.includes(path)))
    notifyApiError(error);
}

/**
 * form.onSubmit's handler for a refused form: the first field in error comes into view with focus.
 * In a long dialog the message sat above the fold and Save seemed to do nothing.
 */
export function focusFirstError<T>(form: Pick<UseFormReturnType<T>, 'getInputNode'>) {
  return (errors: Record<string, unknown>) => {
    const path = Object.keys(errors)[0];
    const node = path ? form.getInputNode(path) : null;
    node?.scrollIntoView?.({ block: 'center' });
    node?.focus();
  };
}

/**
 * A Save button's state with nothing to save: it looks disabled yet stays focusable (disabled would drop
 * focus), and neither a click nor Enter in a field sends the form.
 */
export const saveOnlyWhenDirty = (dirty: boolean) => ({
  'data-disabled': !dirty || undefined,
  'aria-disabled': !dirty,
  onClick: (event: { preventDefault: () => void }) => {
    if (!dirty) event.preventDefault();
  },
});
