import { LOCALE, LOCALE_COOKIE_DAYS } from '@screenroom/shared/constants';

/** The locale cookie (spec section 9): en only, kept 365 days. */
export function localeCookie(secure = window.location.protocol === 'https:') {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  return `locale=${LOCALE}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Sets (and so renews) the locale cookie on every start of the app. */
export function installLocaleCookie(doc: Document = document) {
  doc.cookie = localeCookie();
  doc.documentElement.lang = LOCALE;
}
