import { useMutation } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';

/** POST /admin/presenters/{id}/sendLoginLink: e-mails the presenter a sign-in link, saying an admin sent it. */
export const sendLoginLink = (presenterId: string) =>
  api.post<{ message: string; email: string }>(apiPath`/admin/presenters/${presenterId}/sendLoginLink`, {});

export const useSendLoginLink = () => useMutation({ mutationFn: sendLoginLink });
