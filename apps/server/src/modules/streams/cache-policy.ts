/**
 * What a browser or a cache may keep of a film's streams.
 *
 * Nothing that plays without a key: plain segments (a film being processed, or decrypted here for a
 * player from before encryption), nor the playlists and keys, which are answered per session and would
 * let a copy play on after the link is revoked. `private` too, so no shared cache (a proxy, a CDN in
 * front of the server) keeps one even where `no-store` is not honoured.
 */
export const NOT_STORED = 'private, no-store';

/**
 * An encrypted segment is useless without its key, which is released only to a live session and never
 * stored: the viewer's own browser may keep it for a seek back, no shared cache may.
 */
export const ENCRYPTED_SEGMENT_CACHE = 'private, max-age=3600';
