import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OtpSent } from './types';

export const generateLoginLink = (email: string) =>
  api.post<OtpSent>('/presenters/generateLoginLink', { email });

export const useGenerateLoginLink = () => useMutation({ mutationFn: generateLoginLink });
