import { z } from 'zod';
import { STREAM_VARIANTS, type StreamVariant } from './stream-layout';

/**
 * Which streams a player loaded (`stream=plain` or `stream=hls`), carried in every URL we give it. A
 * player that started before encryption completed keeps the plain playlists it has, so it goes on
 * asking for plain segments; without the parameter (a first request), the film's current streams are
 * served.
 */
export const streamQuery = z
  .enum(STREAM_VARIANTS, { error: 'The stream must be "plain" or "hls".' })
  .optional()
  .describe(
    'The streams the player loaded, as named in the URLs the playlists gave it: plain (before encryption) or hls (encrypted). Leave it out to get the current ones.',
  );

export const withStream = (url: string, variant: StreamVariant) => `${url}&stream=${variant}`;
