import type { RegisterBody } from '@screenroom/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OtpSent } from './types';

export const register = (body: RegisterBody) => api.post<OtpSent>('/auth/register', body);

export const useRegister = () => useMutation({ mutationFn: register });
