import type { WatchSubtitle } from '@screenroom/shared/schemas/subtitles';
import {
  IconBadgeCc,
  IconBadgeCcFilled,
  IconMaximize,
  IconMinimize,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolume3,
} from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { formatDuration } from '../../../lib/duration';
import { toggleFullscreen } from './fullscreen';
import { type MenuGroup, SettingsMenu } from './settings-menu';
import type { MediaState } from './use-media-state';
import { isSilent, setVolume, toggleMute } from './volume';

export type QualityChoice = { level: number; label: string };

/** The film's subtitle tracks and the viewer's choice among them. */
export type SubtitleControl<T extends { id: string; label: string }> = {
  tracks: readonly T[];
  active: string | null;
  choose: (track: T | null) => void;
  toggle: () => void;
};

/** The CC button: turns the last chosen track (or the first) on, or subtitles off. */
export function SubtitlesButton({ active, toggle }: Pick<SubtitleControl<never>, 'active' | 'toggle'>) {
  return (
    <button
      type="button"
      className="watch-icon-button"
      aria-label="Subtitles"
      aria-pressed={active !== null}
      title={active !== null ? 'Subtitles off (c)' : 'Subtitles on (c)'}
      onClick={toggle}
    >
      {active !== null ? <IconBadgeCcFilled size={22} /> : <IconBadgeCc size={22} />}
    </button>
  );
}

/** The settings menu's "Subtitles" section: Off, then each track by its label. */
export const subtitlesGroup = <T extends { id: string; label: string }>({
  tracks,
  active,
  choose,
}: SubtitleControl<T>): MenuGroup => ({
  label: 'Subtitles',
  options: [
    { key: 'off', label: 'Off', checked: active === null, choose: () => choose(null) },
    ...tracks.map((track) => ({
      key: track.id,
      label: track.label,
      checked: active === track.id,
      choose: () => choose(track),
    })),
  ],
});

type Props = {
  video: HTMLVideoElement;
  container: HTMLElement;
  media: MediaState;
  fullscreen: boolean;
  qualities: QualityChoice[];
  /** -1 is automatic. */
  quality: number;
  /** What automatic is playing now, e.g. "720p". */
  autoLabel: string | null;
  onQuality: (level: number) => void;
  /** When the film has subtitle tracks. */
  subtitles?: SubtitleControl<WatchSubtitle>;
};

const RATES = [0.75, 1, 1.25, 1.5, 2];

export function togglePlay(video: HTMLVideoElement) {
  if (video.paused) void video.play().catch(() => undefined);
  else video.pause();
}

const percent = (part: number, whole: number) => `${whole > 0 ? Math.min(100, (part / whole) * 100) : 0}%`;

/** The control bar: play, seek, volume, time, subtitles, speed and quality, fullscreen. */
export function PlayerControls({
  video,
  container,
  media,
  fullscreen,
  qualities,
  quality,
  autoLabel,
  onQuality,
  subtitles,
}: Props) {
  // While the seek bar is dragged, the time follows the thumb and the film jumps once, on release.
  const [scrub, setScrub] = useState<number | null>(null);
  const duration = media.duration || 0;
  const shown = scrub ?? media.currentTime;
  const auto = `Auto${autoLabel ? ` (${autoLabel})` : ''}`;
  const qualityLabel = quality === -1 ? auto : (qualities.find((q) => q.level === quality)?.label ?? 'Auto');
  const seekTo = (value: number) => {
    video.currentTime = value;
  };

  return (
    // A click leaves no focus on the buttons, so space goes on playing and pausing rather than pressing
    // the last button clicked again (Tab still reaches them). Sliders keep theirs: they are dragged.
    // biome-ignore lint/a11y/noStaticElementInteractions: not an action, only where focus goes
    <div
      className="watch-controls"
      onMouseDown={(event) => {
        if (event.target instanceof Element && event.target.closest('button')) event.preventDefault();
      }}
    >
      <input
        type="range"
        className="watch-range watch-seek"
        aria-label="Seek"
        aria-valuetext={`${formatDuration(shown)} of ${formatDuration(duration)}`}
        min={0}
        max={Math.max(duration, 0.1)}
        step={0.1}
        value={shown}
        style={
          {
            '--filled': percent(shown, duration),
            '--buffered': percent(media.bufferedEnd, duration),
          } as CSSProperties
        }
        onPointerDown={() => setScrub(media.currentTime)}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (scrub === null) seekTo(value);
          else setScrub(value);
        }}
        onPointerUp={() => {
          if (scrub !== null) seekTo(scrub);
          setScrub(null);
        }}
      />
      <div className="watch-controls-row">
        <div className="watch-controls-group">
          <button
            type="button"
            className="watch-icon-button"
            aria-label={media.paused ? 'Play' : 'Pause'}
            title={media.paused ? 'Play (k)' : 'Pause (k)'}
            onClick={() => togglePlay(video)}
          >
            {media.paused ? <IconPlayerPlayFilled size={20} /> : <IconPlayerPauseFilled size={20} />}
          </button>
          <button
            type="button"
            className="watch-icon-button"
            aria-label={isSilent(media) ? 'Unmute' : 'Mute'}
            title={isSilent(media) ? 'Unmute (m)' : 'Mute (m)'}
            onClick={() => toggleMute(video)}
          >
            {isSilent(media) ? <IconVolume3 size={20} /> : <IconVolume size={20} />}
          </button>
          <input
            type="range"
            className="watch-range watch-volume"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.05}
            value={media.muted ? 0 : media.volume}
            aria-valuetext={`${Math.round((media.muted ? 0 : media.volume) * 100)}%`}
            style={{ '--filled': percent(media.muted ? 0 : media.volume, 1) } as CSSProperties}
            onChange={(event) => setVolume(video, Number(event.target.value))}
          />
          <span className="watch-time">
            {formatDuration(shown)} / {formatDuration(duration)}
          </span>
        </div>
        <div className="watch-controls-group">
          {subtitles && <SubtitlesButton active={subtitles.active} toggle={subtitles.toggle} />}
          <SettingsMenu
            name={subtitles ? 'Subtitles, speed and quality' : undefined}
            summary={`${media.rate === 1 ? '' : `${media.rate}× · `}${qualityLabel}`}
            groups={[
              {
                label: 'Quality',
                options: [{ level: -1, label: auto }, ...qualities].map((q) => ({
                  key: String(q.level),
                  label: q.label,
                  checked: quality === q.level,
                  choose: () => onQuality(q.level),
                })),
              },
              {
                label: 'Speed',
                options: RATES.map((rate) => ({
                  key: String(rate),
                  label: rate === 1 ? 'Normal' : `${rate}×`,
                  checked: media.rate === rate,
                  choose: () => {
                    video.playbackRate = rate;
                  },
                })),
              },
              ...(subtitles ? [subtitlesGroup(subtitles)] : []),
            ]}
          />
          <button
            type="button"
            className="watch-icon-button"
            aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
            title={fullscreen ? 'Exit full screen (f)' : 'Full screen (f)'}
            onClick={() => toggleFullscreen(container)}
          >
            {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
          </button>
        </div>
      </div>
    </div>
  );
}
