import type { VideoStatus } from '@screenroom/shared/enums';
import { AppError } from '@screenroom/shared/errors';

/**
 * Every status change of a film goes through this table (DOMAIN.md's pipeline). Besides moving forward,
 * a step that was cut short by a crash may go back to its own start ("resume"), and a failed step may be
 * retried. Anything else is refused with a 409.
 */
export const TRANSITIONS: Record<VideoStatus, readonly VideoStatus[]> = {
  created: ['uploaded-on-encoder', 'ready-to-download', 'ready-to-use'],
  // Our own pipeline, for an uploaded (or sample) source.
  'uploaded-on-encoder': ['transcoding', 'encoding-failed'],
  transcoding: ['encoding-in-progress', 'encoding-failed', 'transcoding'],
  'encoding-in-progress': ['encoding-completed', 'encoding-failed', 'transcoding'],
  'encoding-completed': ['ready-to-use', 'encoding-failed', 'transcoding'],
  'encoding-failed': ['transcoding'],
  'ready-to-use': ['ready-to-encrypt'],
  'ready-to-encrypt': ['encryption-in-progress', 'encryption-failed'],
  'encryption-in-progress': ['ready-keys-for-cloud-upload', 'encryption-failed', 'ready-to-encrypt'],
  'ready-keys-for-cloud-upload': ['keys-uploading-to-cloud', 'encryption-failed', 'ready-to-encrypt'],
  'keys-uploading-to-cloud': ['ready-streams-for-cloud-upload', 'encryption-failed', 'ready-to-encrypt'],
  'ready-streams-for-cloud-upload': [
    'streams-uploading-to-cloud',
    'ready-streams-for-do-upload',
    'encryption-failed',
    'ready-to-encrypt',
  ],
  'streams-uploading-to-cloud': [
    'encryption-completed',
    'encryption-failed',
    'ready-streams-for-cloud-upload',
    'ready-to-encrypt',
  ],
  // A second, S3-compatible bucket for streams: known values, reachable from the streams step.
  'ready-streams-for-do-upload': ['stream-files-uploading-to-do', 'encryption-failed'],
  'stream-files-uploading-to-do': [
    'encryption-completed',
    'encryption-failed',
    'ready-streams-for-do-upload',
  ],
  'encryption-failed': ['ready-to-encrypt'],
  'encryption-completed': [],
  // A Vimeo source downloaded for our own streaming.
  'ready-to-download': ['downloading-in-queue'],
  'downloading-in-queue': ['downloading-from-encoder', 'encoding-failed'],
  'downloading-from-encoder': ['downloaded-from-encoder', 'encoding-failed', 'downloading-in-queue'],
  'downloaded-from-encoder': ['transcoding', 'encoding-failed'],
};

export const canTransition = (from: VideoStatus, to: VideoStatus) => TRANSITIONS[from].includes(to);

export function assertTransition(from: VideoStatus, to: VideoStatus) {
  if (!canTransition(from, to)) {
    throw new AppError('CONFLICT', `This screener cannot go from "${from}" to "${to}".`);
  }
}

/** Statuses a worker leaves behind only if it died mid-step: the sweeper re-enqueues their job. */
export const ENCODE_STEP_STATUSES: readonly VideoStatus[] = [
  'uploaded-on-encoder',
  'transcoding',
  'encoding-in-progress',
  'encoding-completed',
];
export const ENCRYPT_STEP_STATUSES: readonly VideoStatus[] = [
  'ready-to-encrypt',
  'encryption-in-progress',
  'ready-keys-for-cloud-upload',
  'keys-uploading-to-cloud',
  'ready-streams-for-cloud-upload',
  'streams-uploading-to-cloud',
];
