import type { VideoStatus } from './enums';

/** How a status reads in the library: the specification's names, with ready-to-use shown as Unencrypted. */
export function videoStatusLabel(status: VideoStatus) {
  if (status === 'ready-to-use') return 'Unencrypted';
  // The upload is in and waits for a worker (behind other films at busy times): said as such.
  if (status === 'uploaded-on-encoder') return 'Waiting to be encoded';
  const words = status.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Statuses in which a film can be played (its plain or encrypted streams are in place). */
export const PLAYABLE_STATUSES: readonly VideoStatus[] = [
  'ready-to-use',
  'ready-to-encrypt',
  'encryption-in-progress',
  'encryption-failed',
  'ready-keys-for-cloud-upload',
  'keys-uploading-to-cloud',
  'ready-streams-for-cloud-upload',
  'streams-uploading-to-cloud',
  'ready-streams-for-do-upload',
  'stream-files-uploading-to-do',
  'encryption-completed',
];

export const FAILED_STATUSES: readonly VideoStatus[] = ['encoding-failed', 'encryption-failed'];

/** Statuses where work is still going on (the library shows a spinner). */
export const isProcessing = (status: VideoStatus) =>
  status !== 'created' &&
  status !== 'ready-to-use' &&
  status !== 'encryption-completed' &&
  !FAILED_STATUSES.includes(status);
