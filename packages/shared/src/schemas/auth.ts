import { z } from 'zod';
import { OTP_LENGTH } from '../constants';
import { THEMES } from '../enums';
import { MESSAGES } from '../messages';
import { digitsText, emailField, mustBeTrue, requiredText } from '../validation';
import { presenterSchema, timeZoneField } from './presenters';

export const registerBody = z
  .object({
    name: requiredText({ min: 2, max: 100 }),
    email: emailField(),
    ownsVideoRights: mustBeTrue(MESSAGES.videoRights),
    captchaToken: z.string().max(4000).optional(),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z
  .object({ email: emailField(), captchaToken: z.string().max(4000).optional() })
  .meta({ id: 'LoginRequest' });

export const verifyOtpBody = z
  .object({
    email: emailField(),
    otp: digitsText(OTP_LENGTH),
    /**
     * The device's time zone and theme, kept by an account this code creates (a registration); a
     * sign-in keeps the profile's. Bad values are dropped: they never stand in the way of signing in.
     */
    preferences: z
      .object({
        timezone: timeZoneField.optional().catch(undefined),
        theme: z.enum(THEMES).optional().catch(undefined),
      })
      .optional()
      .catch(undefined),
  })
  .meta({ id: 'VerifyOtpRequest' });

export const otpSentResponse = z.object({
  message: z.string(),
  email: z.string(),
  expiresInMinutes: z.number().int(),
  delivery: z
    .enum(['sent', 'unconfirmed'])
    .describe(
      '`unconfirmed`: the mail server went silent after it may have taken the mail. The code is live and works if the mail arrives; ask for a new one if it does not.',
    ),
});

export const authResponse = z
  .object({
    tokens: z.object({ access: z.object({ token: z.string(), expires: z.iso.datetime() }) }),
    presenter: presenterSchema,
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof authResponse>;

export const generateLoginLinkBody = z.object({
  email: emailField(),
  captchaToken: z.string().max(4000).optional(),
});
export const verifyLoginCodeBody = z.object({ code: requiredText({ max: 200 }) });
