import { z } from 'zod';

export type CaptchaResult = { ok: true } | { ok: false; reason: string };

/** Checks a captcha token with its provider. Throws CaptchaUnavailable when the provider cannot answer. */
export type CaptchaVerifier = { verify: (token: string, remoteIp?: string) => Promise<CaptchaResult> };

export class CaptchaUnavailable extends Error {
  override name = 'CaptchaUnavailable';
}

/** Google's siteverify answer. */
const siteverifyAnswer = z.object({
  success: z.boolean(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * reCAPTCHA v2 through its siteverify endpoint (RECAPTCHA_VERIFY_URL, so tests use a local server that
 * answers as Google does).
 */
export function createRecaptchaVerifier(options: { secretKey: string; verifyUrl: string }): CaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret: options.secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: z.infer<typeof siteverifyAnswer>;
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = siteverifyAnswer.parse(await response.json());
      } catch (error) {
        throw new CaptchaUnavailable(`reCAPTCHA could not be reached: ${(error as Error).message}`);
      }
      if (answer.success) return { ok: true };
      return { ok: false, reason: answer['error-codes']?.join(', ') || 'not solved' };
    },
  };
}
