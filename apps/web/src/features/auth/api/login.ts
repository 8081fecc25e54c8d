import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OtpSent } from './types';

export const login = (email: string) => api.post<OtpSent>('/auth/login', { email });

export const useLogin = () => useMutation({ mutationFn: login });
