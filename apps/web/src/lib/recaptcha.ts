import { MESSAGES } from '@screenroom/shared/messages';

/** The slice of Google's `grecaptcha` global that the v2 checkbox uses. */
export type Grecaptcha = {
  ready: (callback: () => void) => void;
  render: (
    container: HTMLElement,
    parameters: {
      sitekey: string;
      theme?: 'dark' | 'light';
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ) => number;
  reset: (widgetId?: number) => void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';

/** Errors of spec section 8, with their exact messages. */
export class CaptchaError extends Error {
  override name = 'CaptchaError';
}

let loading: Promise<Grecaptcha> | undefined;

/** Adds Google's script once; resolves when `grecaptcha` is ready. */
export function loadRecaptchaScript(
  src = RECAPTCHA_SCRIPT_URL,
  doc: Document = document,
): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (!g) return reject(new CaptchaError(MESSAGES.captchaLoadFailed));
      g.ready(() => resolve(g));
    };
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new CaptchaError(MESSAGES.captchaLoadFailed));
    };
    doc.head.appendChild(script);
  });
  return loading;
}

type RenderOptions = {
  siteKey: string | undefined;
  version: string | undefined;
  container: HTMLElement;
  theme: 'dark' | 'light';
  onToken: (token: string | null) => void;
  load?: () => Promise<Grecaptcha>;
};

/**
 * Renders the reCAPTCHA v2 checkbox. Rejects with the specification's messages: 'No key provided',
 * 'No version provided', 'Failed to load script', 'Failed to execute'. Resolves a reset function.
 */
export async function renderRecaptcha(options: RenderOptions): Promise<() => void> {
  if (!options.siteKey) throw new CaptchaError(MESSAGES.captchaNoKey);
  if (!options.version) throw new CaptchaError(MESSAGES.captchaNoVersion);
  const grecaptcha = await (options.load ?? loadRecaptchaScript)();
  try {
    const widgetId = grecaptcha.render(options.container, {
      sitekey: options.siteKey,
      theme: options.theme,
      callback: (token) => options.onToken(token),
      'expired-callback': () => options.onToken(null),
      'error-callback': () => options.onToken(null),
    });
    return () => {
      grecaptcha.reset(widgetId);
      options.onToken(null);
    };
  } catch {
    throw new CaptchaError(MESSAGES.captchaExecuteFailed);
  }
}
