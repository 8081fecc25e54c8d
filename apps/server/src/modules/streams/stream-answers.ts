import { emptyAnswer, fileAnswer } from '../../http/openapi';

/** How the document shows the successes of the stream routes (preview and viewer alike). */
export const PLAYLIST = 'application/vnd.apple.mpegurl';

export const playlistAnswer = { 200: fileAnswer('An HLS playlist', [PLAYLIST], true) };

export const segmentAnswers = {
  200: fileAnswer('One MPEG-TS segment, AES-128 encrypted when the film is', ['video/mp2t']),
  302: emptyAnswer('With S3 storage: the segment at a short-lived signed storage URL (Location)'),
};

export const keyAnswer = {
  200: fileAnswer("One segment's 16-byte AES-128 key", ['application/octet-stream']),
};

export const subtitleAnswer = { 200: fileAnswer('A subtitle track as WebVTT (UTF-8)', ['text/vtt'], true) };
