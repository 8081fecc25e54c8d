/** Business constants of spec section 9. */
export const TOAST_DURATION_MS = 3000;
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
export const MIN_FETCH_DISPLAY_DELAY_MS = 200;
export const PAGE_TRANSITION_MS = 100;
export const CHUNK_RELOAD_THROTTLE_MS = 60_000;
export const LOCALE = 'en';
export const LOCALE_COOKIE_DAYS = 365;
export const UPGRADE_BAR_HEIGHT = 35;
export const WATERMARK_IMAGE_MAX_BYTES = 1024 * 1024;

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const LOGIN_LINK_TTL_MINUTES = 15;

/** The longest search any list takes (its search box stops there; the API refuses more). */
export const SEARCH_MAX_LENGTH = 200;
/** Vimeo's own search takes less. */
export const VIMEO_SEARCH_MAX_LENGTH = 100;

/** A market takes films and shows its page from this many days before it starts until it ends. */
export const MARKET_OPENS_DAYS_BEFORE = 30;
