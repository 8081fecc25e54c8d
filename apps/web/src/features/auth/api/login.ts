import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OtpSent } from './types';

export const login = (body: { email: string; captchaToken?: string }) =>
  api.post<OtpSent>('/auth/login', body);

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export const useLogin = ({ silent = false } = {}) => useMutation({ mutationFn: login, meta: { silent } });
