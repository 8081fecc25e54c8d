import type { otpSentResponse } from '@screenroom/shared/schemas/auth';
import type { z } from 'zod';

export type OtpSent = z.infer<typeof otpSentResponse>;
