import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';

/** A film imported from Vimeo plays in Vimeo's player; every other film is our HLS stream. */
export const playsInVimeo = (video: OpenSessionResponse['video']) =>
  video.player === 'vimeo' && Boolean(video.vimeo_id);
