import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import Hls, { type ErrorData, type Level } from 'hls.js/light';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { focusLost } from '../../../lib/focus-lost';
import { masterUrl } from '../api';
import type { EventTracker } from '../event-tracker';
import type { PlaybackAuth } from '../playback-auth';
import { Spinner } from '../spinner';
import { ConnectionLostNote, useConnected } from './connection-note';
import { toggleFullscreen } from './fullscreen';
import { adoptStream } from './hls-stream';
import { PlayerControls, type QualityChoice, togglePlay } from './player-controls';
import { RecoveryBudget } from './recovery-budget';
import { ResumeNote } from './resume-note';
import { SubtitleOverlay } from './subtitle-overlay';
import { trackMedia } from './track-media';
import { useControlsVisibility } from './use-controls-visibility';
import { useFullscreen } from './use-fullscreen';
import { useKeyboardShortcuts, videoPlayback } from './use-keyboard-shortcuts';
import { useMediaState } from './use-media-state';
import { usePictureSize } from './use-picture-size';
import { useSubtitles } from './use-subtitles';
import { WatermarkOverlay } from './watermark-overlay';

type Props = { session: OpenSessionResponse; auth: PlaybackAuth; tracker: EventTracker };

/** How the player stood when the pointer went down, before that press closed a menu or woke the controls. */
type PressStart = { menuOpen: boolean; controlsHidden: boolean; touch: boolean };

function pressStart(player: HTMLElement, event: PointerEvent): PressStart {
  return {
    menuOpen: player.querySelector('.watch-menu-list') !== null,
    controlsHidden: player.dataset.controls === 'hidden',
    touch: event.pointerType === 'touch',
  };
}

/**
 * Clicks on the picture itself (not on the controls or the resume note) act on the film, except one
 * that closes the open menu, or a tap that only brings back the hidden controls (a touch screen has no
 * hover to show them). Judged by the path the click took, not by where its target is now: Preact (the
 * built watch page) re-renders between listeners, so a menu item that closed its menu is already
 * detached when the click reaches the player.
 */
function onPicture(event: MouseEvent, press: PressStart | null, action: () => void) {
  const path = event.nativeEvent.composedPath();
  if (path.some((node) => node instanceof Element && node.matches('.watch-controls, .watch-resume-note')))
    return;
  if (press?.menuOpen || (press?.touch && press.controlsHidden)) return;
  action();
}

/** Enter or Space on a button clicks it with no count of mouse presses; a mouse click or a tap counts 1 or more. */
const pressedByKeyboard = (event: MouseEvent) => event.detail === 0;

/** A rendition's name as the presenter's pages give it: its shorter side (a portrait 720×1280 is 720p). */
const shortSide = (level: Pick<Level, 'width' | 'height'>) =>
  level.width > 0 ? Math.min(level.width, level.height) : level.height;

/** The stream's renditions for the quality menu, highest first. */
const qualitiesOf = (levels: Level[]): QualityChoice[] =>
  levels
    .map((level, index) => ({ level: index, label: `${shortSide(level)}p`, size: shortSide(level) }))
    .sort((a, b) => b.size - a.size)
    .map(({ level, label }) => ({ level, label }));

/** Our encrypted HLS stream in hls.js; every request carries the session's freshest playback token. */
export function HlsPlayer({ session, auth, tracker }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const media = useMediaState(videoRef);
  const picture = usePictureSize(videoRef);
  const fullscreen = useFullscreen(containerRef);
  const controlsVisible = useControlsVisibility(containerRef, !media.paused);
  const [qualities, setQualities] = useState<QualityChoice[]>([]);
  const [quality, setQuality] = useState(-1);
  const [autoLabel, setAutoLabel] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [mounted, setMounted] = useState(false);
  const connected = useConnected(auth);
  const press = useRef<PressStart | null>(null);
  /** Whether the latest single click on the picture set the film playing. */
  const playedByClick = useRef(false);
  const subtitles = useSubtitles(session, auth, tracker, videoRef);
  const hasSubtitles = subtitles.tracks.length > 0;
  const keys = useRef<Record<string, () => void>>({});
  keys.current = hasSubtitles ? { c: subtitles.toggle } : {};
  const playback = useCallback(() => videoRef.current && videoPlayback(videoRef.current), []);
  useKeyboardShortcuts(playback, containerRef, keys);

  /** Whether the button that started the film (the big play button, Start over) was pressed with Enter or Space. */
  const startedByKeyboard = useRef(false);
  const noteHowStarted = (event: MouseEvent) => {
    startedByKeyboard.current = pressedByKeyboard(event);
  };

  // The big play button goes once the film starts, and focus with it, which must not fall to the page (a
  // keyboard user would start again from the top). It moves on to the controls' play/pause button when
  // that button was pressed from the keyboard; after a click or a tap it goes to the player itself, as a
  // ring on Pause would show at the next key on a control the viewer never reached.
  useEffect(() => {
    if (!media.started || !focusLost()) return;
    const player = containerRef.current;
    const pause = player?.querySelector<HTMLElement>('.watch-controls button');
    if (startedByKeyboard.current) pause?.focus();
    else player?.focus({ preventScroll: true });
  }, [media.started]);

  useEffect(() => {
    const video = videoRef.current!;
    const stopTracking = trackMedia(video, containerRef.current!, tracker);
    setMounted(true);

    if (!Hls.isSupported()) {
      // Safari on older iPhones: native HLS (it cannot renew the token inside playlists it already has).
      if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = masterUrl(session.sessionId, auth.token);
        if (session.resumeAt) video.currentTime = session.resumeAt;
      } else
        setFailure('This browser cannot play the film. Please try a recent Chrome, Firefox, Safari or Edge.');
      return stopTracking;
    }

    // Usually already loading since the session opened (hls-stream.ts); its requests now take renewed tokens.
    const reportError = (error: Pick<ErrorData, 'type' | 'details'>) =>
      tracker.push('error', { type: error.type, details: error.details });
    const hls = adoptStream(session, () => auth.token, reportError);
    hlsRef.current = hls;
    const recoveries = new RecoveryBudget();
    const onTimeUpdate = () => recoveries.played(video.currentTime);
    const onSeeking = () => recoveries.jumped();
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('seeking', onSeeking);
    const heightOf = (level: number) => {
      const chosen = hls.levels[level];
      return chosen?.height ? `${shortSide(chosen)}p` : null;
    };

    hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => setQualities(qualitiesOf(data.levels)));
    if (hls.levels.length > 0) setQualities(qualitiesOf(hls.levels));
    hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
      setAutoLabel(heightOf(data.level));
      const level = hls.levels[data.level];
      tracker.push('quality', { height: level ? shortSide(level) : null, auto: hls.autoLevelEnabled });
    });
    hls.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
      if (!data.fatal) return;
      reportError(data);
      if (!recoveries.spend()) {
        setFailure('The film stopped loading. Check your connection and try again.');
        return;
      }
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
      else if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
        // Often a lapsed token (a sleeping laptop): renew it, then carry on. Without the film's playlist
        // there is nothing to carry on from: startLoad does not fetch it again, so the playlist is asked for.
        void auth.beat().then(() => {
          if (hls.levels.length > 0) return hls.startLoad();
          // Loading the source anew pauses the <video>: a viewer who had pressed play still wants it.
          const wanted = !video.paused;
          hls.loadSource(masterUrl(session.sessionId, auth.token));
          if (wanted) hls.once(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
        });
      } else setFailure('The film could not be played in this browser.');
    });
    hls.attachMedia(video);
    return () => {
      stopTracking();
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('seeking', onSeeking);
      hls.destroy();
      hlsRef.current = null;
    };
  }, [session, auth, tracker]);

  const chooseQuality = (level: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    hls.currentLevel = level;
    setQuality(level);
  };

  const video = videoRef.current;
  const container = containerRef.current;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the picture is a shortcut; keys work page-wide (useKeyboardShortcuts)
    // biome-ignore lint/a11y/useKeyWithClickEvents: same
    <div
      ref={containerRef}
      className="watch-player"
      // Out of the Tab order: it takes focus from the big play button clicked away (see above).
      tabIndex={-1}
      data-controls={controlsVisible ? 'shown' : 'hidden'}
      data-fullscreen={fullscreen || undefined}
      onPointerDownCapture={(event) => {
        press.current = pressStart(event.currentTarget, event.nativeEvent);
      }}
      onClick={(event) =>
        onPicture(event, press.current, () => {
          if (!video) return;
          // The second click of a double click that set the film playing asks for full screen, not a
          // pause. (From playing, the two clicks pause and play again, so a double click always plays.)
          if (event.detail > 1 && playedByClick.current) return;
          playedByClick.current = event.detail === 1 && video.paused;
          togglePlay(video);
        })
      }
      onDoubleClick={(event) =>
        onPicture(event, press.current, () => container && toggleFullscreen(container))
      }
    >
      {/* biome-ignore lint/a11y/useMediaCaption: subtitle tracks are added from script once chosen (useSubtitles) */}
      <video
        ref={videoRef}
        className="watch-video"
        data-testid="watch-video"
        poster={session.video.thumbnail ?? undefined}
        playsInline
        preload="auto"
        controlsList="nodownload noremoteplayback"
        disablePictureInPicture
        onContextMenu={(event) => event.preventDefault()}
      />
      {session.watermark && <WatermarkOverlay watermark={session.watermark} picture={picture} />}
      {video && (subtitles.active !== null || subtitles.failed) && (
        <SubtitleOverlay
          video={video}
          cues={subtitles.cues}
          textTrack={subtitles.textTrack}
          picture={picture}
          controlsShown={controlsVisible}
          note={subtitles.failed ? 'The subtitles could not be loaded. Try again in a moment.' : null}
        />
      )}
      {media.waiting && media.started && (
        <div className="watch-center">
          <Spinner label="Loading" />
        </div>
      )}
      {!media.started && !failure && (
        <div className={session.resumeAt ? 'watch-center watch-center-resume' : 'watch-center'}>
          <button
            type="button"
            className="watch-big-play"
            aria-label="Play the film"
            data-track="big-play"
            onClick={noteHowStarted}
          >
            <IconPlayerPlayFilled size={38} />
          </button>
          {session.resumeAt ? (
            <ResumeNote
              at={session.resumeAt}
              onStartOver={(event) => {
                noteHowStarted(event);
                if (!videoRef.current) return;
                videoRef.current.currentTime = 0;
                togglePlay(videoRef.current);
              }}
            />
          ) : null}
        </div>
      )}
      {!connected && !failure && <ConnectionLostNote />}
      {failure && (
        <div className="watch-center watch-failure" role="alert">
          <p>{failure}</p>
        </div>
      )}
      {mounted && video && container && (
        <PlayerControls
          video={video}
          container={container}
          media={media}
          fullscreen={fullscreen}
          qualities={qualities}
          quality={quality}
          autoLabel={autoLabel}
          onQuality={chooseQuality}
          subtitles={hasSubtitles ? subtitles : undefined}
        />
      )}
    </div>
  );
}
