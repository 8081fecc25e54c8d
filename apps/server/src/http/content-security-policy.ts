import type { HelmetOptions } from 'helmet';
import type { Storage } from '../infra/storage/storage';

type Directives = NonNullable<Exclude<HelmetOptions['contentSecurityPolicy'], boolean>>['directives'];

/** The outside hosts the browser talks to, worked out from the server's configuration at start. */
export type OutsideHosts = {
  /** Where signed segment addresses point (S3); null when the files are served by us. */
  storageOrigin: string | null;
  posthog: { host: string } | null;
  sentryDsn: string | undefined;
};

/** Vimeo's thumbnails and account pictures (the API's `pictures.sizes[].link`). */
const VIMEO_IMAGES = 'https://i.vimeocdn.com';
const VIMEO_PLAYER = 'https://player.vimeo.com';
const RECAPTCHA = 'https://www.google.com/recaptcha/';
const RECAPTCHA_STATIC = 'https://www.gstatic.com/recaptcha/';

/**
 * The origin S3's signed addresses have. Asked of the storage itself (signing is local, no request),
 * because the SDK picks the bucket's own host or a path on the endpoint by rules of its own.
 */
export async function signedUrlOrigin(storage: Pick<Storage, 'signedUrl'>) {
  const url = await storage.signedUrl('content-security-policy/probe', 60);
  return url ? new URL(url).origin : null;
}

/**
 * PostHog's host and, for PostHog's own cloud, the API and assets hosts posthog-js's request router
 * sends to (app.posthog.com → us.i.posthog.com for events, us-assets.i.posthog.com for remote settings).
 */
function posthogOrigins(host: string) {
  const origin = new URL(host).origin;
  const cloud = /^https:\/\/(us|eu|app)(\.i)?\.posthog\.com$/i.exec(origin)?.[1]?.toLowerCase();
  if (!cloud) return [origin];
  const region = cloud === 'eu' ? 'eu' : 'us';
  return [origin, `https://${region}.i.posthog.com`, `https://${region}-assets.i.posthog.com`];
}

/**
 * Helmet's directives: our own origin plus only the hosts this server is configured to use, so a script
 * that got into a page could send nothing to a host of its choosing.
 */
export function contentSecurityDirectives(hosts: OutsideHosts) {
  const storage = hosts.storageOrigin ? [hosts.storageOrigin] : [];
  const connectSrc = [
    "'self'",
    ...storage,
    ...(hosts.posthog ? posthogOrigins(hosts.posthog.host) : []),
    ...(hosts.sentryDsn ? [new URL(hosts.sentryDsn).origin] : []),
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", RECAPTCHA, RECAPTCHA_STATIC],
    // Mantine writes its CSS variables into a <style> element.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Our images (/v1/media) are on our own origin; Vimeo films' thumbnails are on Vimeo's image host.
    imgSrc: ["'self'", 'data:', 'blob:', VIMEO_IMAGES],
    // hls.js fetches segments (connect-src); where the browser plays HLS itself (iPhones), the video
    // element follows their redirects to the storage.
    mediaSrc: ["'self'", 'blob:', ...storage],
    connectSrc: [...new Set(connectSrc)],
    frameSrc: ["'self'", VIMEO_PLAYER, RECAPTCHA],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  } satisfies Directives;
}
