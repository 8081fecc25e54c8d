import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /presenters/generateLoginLink: e-mails the presenter a one-time sign-in link. */
export const sendLoginLink = (email: string) =>
  api.post<{ message: string; email: string }>('/presenters/generateLoginLink', { email });

export const useSendLoginLink = () => useMutation({ mutationFn: sendLoginLink });
