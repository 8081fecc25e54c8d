import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from './api-client';

/** Puts the server's per-field messages under the matching inputs. */
export function applyServerErrors<T>(form: UseFormReturnType<T>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  const errors = Object.fromEntries(error.errors.map((e) => [e.field, e.message]));
  if (Object.keys(errors).length > 0) form.setErrors(errors);
}
