import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OtpSent } from './types';

export const generateLoginLink = (body: { email: string; captchaToken?: string }) =>
  api.post<OtpSent>('/presenters/generateLoginLink', body);

export const useGenerateLoginLink = () => useMutation({ mutationFn: generateLoginLink });
