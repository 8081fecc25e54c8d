import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OtpSent } from './types';

export const generateLoginLink = (body: { email: string; captchaToken?: string }) =>
  api.post<OtpSent>('/presenters/generateLoginLink', body);

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export const useGenerateLoginLink = ({ silent = false } = {}) =>
  useMutation({ mutationFn: generateLoginLink, meta: { silent } });
