import { MESSAGES } from '@screenroom/shared/messages';
import { useCallback, useRef, useState } from 'react';
import type { CaptchaHandle } from '../../../components/captcha-field';
import { ApiError } from '../../../lib/api-client';
import { useAppConfig } from '../../../lib/app-config';

export type CaptchaSettings = { siteKey: string; version: string };

/**
 * The captcha of the registration and sign-in forms, when the server asks for one: its settings, the
 * solved token, and its error. A token is good once, so every answer from the server resets the box.
 */
export function useCaptcha() {
  const config = useAppConfig();
  const captcha = config.data?.captcha;
  const settings: CaptchaSettings | null = captcha
    ? { siteKey: captcha.site_key, version: captcha.version }
    : null;
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<CaptchaHandle>(null);

  const onToken = useCallback((value: string | null) => {
    setToken(value);
    if (value) setError(null);
  }, []);

  /** False (and shows why) when a captcha is needed and not solved yet. */
  const ready = () => {
    if (!settings || token) return true;
    setError(MESSAGES.captchaRequired);
    return false;
  };

  const afterAnswer = (failure?: unknown) => {
    ref.current?.reset();
    setToken(null);
    const message =
      failure instanceof ApiError
        ? failure.errors.find((e) => e.field === 'captchaToken')?.message
        : undefined;
    if (message) setError(message);
  };

  return {
    settings,
    loading: config.isPending,
    token: token ?? undefined,
    error,
    ref,
    onToken,
    ready,
    afterAnswer,
  };
}
