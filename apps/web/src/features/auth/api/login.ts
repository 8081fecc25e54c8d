import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OtpSent } from './types';

export const login = (body: { email: string; captchaToken?: string }) =>
  api.post<OtpSent>('/auth/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
