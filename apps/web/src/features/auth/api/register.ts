import type { RegisterBody } from '@screenroom/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OtpSent } from './types';

export const register = (body: RegisterBody) => api.post<OtpSent>('/auth/register', body);

/** `silent`: the screen shows a refusal itself, so no toast says it again. */
export const useRegister = ({ silent = false } = {}) =>
  useMutation({ mutationFn: register, meta: { silent } });
