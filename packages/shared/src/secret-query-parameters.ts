/**
 * Query parameters of the app's own addresses that carry secrets (a sign-in code, Vimeo linking's
 * `state`, a playback token, a signed image's `sig`): kept out of the server's logs and the web app's
 * product analytics alike.
 */
export const SECRET_QUERY_PARAMETERS = ['code', 'state', 'token', 'sig'] as const;
