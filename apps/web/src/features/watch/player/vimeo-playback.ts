import type Player from '@vimeo/player';
import { clampedTime, clampedVolume, type Playback } from './use-keyboard-shortcuts';
import { isSilent } from './volume';

/**
 * The player keys on Vimeo's player, through its API: each asks the player where it stands, then sets
 * it. One per player, as it keeps the last level heard. A refusal (the player gone or reloading) leaves the film as it was. `volumeSet` is told of the
 * volume or muting set here, as Vimeo sends no volumechange on devices that cannot set the volume.
 */
export function vimeoPlayback(player: Player, volumeSet: () => void): Playback {
  /** The last level heard, so unmuting a film turned down to nothing brings it back (as volume.ts). */
  let audible = 1;
  const quietly = (asked: Promise<unknown>) => void asked.catch(() => undefined);
  const setVolume = async (volume: number) => {
    await Promise.all([player.setVolume(volume), player.setMuted(volume === 0)]);
    if (volume > 0) audible = volume;
    volumeSet();
  };
  return {
    togglePlay: () => quietly(player.getPaused().then((paused) => (paused ? player.play() : player.pause()))),
    seekBy: (seconds) =>
      quietly(
        Promise.all([player.getCurrentTime(), player.getDuration()]).then(([time, duration]) =>
          player.setCurrentTime(clampedTime(time, seconds, duration)),
        ),
      ),
    seekToShare: (share) =>
      quietly(player.getDuration().then((duration) => player.setCurrentTime(duration * share))),
    volumeBy: (step) => quietly(player.getVolume().then((volume) => setVolume(clampedVolume(volume, step)))),
    toggleMute: () =>
      quietly(
        Promise.all([player.getMuted(), player.getVolume()]).then(async ([muted, volume]) => {
          if (!isSilent({ muted, volume })) await player.setMuted(true);
          else {
            if (volume === 0) await player.setVolume(audible);
            await player.setMuted(false);
          }
          volumeSet();
        }),
      ),
  };
}
