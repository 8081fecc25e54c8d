import Bowser from 'bowser';

export type Client = { deviceType: string; browser: string | null; os: string | null };

/** Device type, browser and operating system of a user agent, for the viewer's session. */
export function parseUserAgent(userAgent: string | undefined): Client {
  if (!userAgent) return { deviceType: 'unknown', browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  return {
    deviceType: parsed.platform.type ?? 'desktop',
    browser: parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null,
    os: parsed.os.name ?? null,
  };
}
