/** The last level each video was heard at, so unmuting a film turned down to nothing brings it back. */
const audible = new WeakMap<HTMLVideoElement, number>();

/** Sets the volume between 0 and 1; 0 mutes. */
export function setVolume(video: HTMLVideoElement, value: number) {
  video.volume = value;
  video.muted = value === 0;
  if (value > 0) audible.set(video, value);
}

/** Silent (muted or at volume 0) means no sound: unmuting at 0 goes back to the last level heard. */
export const isSilent = (media: { muted: boolean; volume: number }) => media.muted || media.volume === 0;

export function toggleMute(video: HTMLVideoElement) {
  if (!isSilent(video)) {
    video.muted = true;
    return;
  }
  if (video.volume === 0) video.volume = audible.get(video) ?? 1;
  video.muted = false;
}
