// No zod here: the viewer's page imports this.

/** Why a viewer is refused a link, so the watch page can say it in the viewer's words. */
export const ACCESS_REFUSALS = [
  'not_found',
  'revoked',
  'disabled',
  'ended',
  'limit_reached',
  'geo_blocked',
  'processing',
  'preview_only',
] as const;
export type AccessRefusal = (typeof ACCESS_REFUSALS)[number];

/**
 * When a link ended: in UTC from the server (said as such), in the viewer's own time zone on their page
 * (no zone given).
 */
export const linkEndedMessage = (at: Date, timeZone?: 'UTC') =>
  `This link ended on ${linkDateInWords(at, timeZone)}${timeZone ? ` ${timeZone}` : ''}.`;

/** A link's end as a viewer reads it ('30 November 2026 at 23:59'), in `timeZone` or the reader's own. */
export const linkDateInWords = (at: Date, timeZone?: string) =>
  at.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone });

/** A link that does not exist (a personal or an anonymous one), as the viewer is told. */
export const LINK_NOT_FOUND_MESSAGE = 'This link does not exist. Check that you copied all of it.';
