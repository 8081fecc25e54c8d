import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { vimeoPlayerUrl } from '@screenroom/shared/vimeo-player-url';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import './vimeo-no-page-address';
import Player from '@vimeo/player';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventTracker } from '../event-tracker';
import type { PlaybackAuth } from '../playback-auth';
import { ConnectionLostNote, useConnected } from './connection-note';
import { FILL_WINDOW_CHANGE, inFullscreen, toggleFullscreen } from './fullscreen';
import type { Size } from './picture-area';
import { SubtitlesButton, subtitlesGroup } from './player-controls';
import { ResumeNote } from './resume-note';
import { SettingsMenu } from './settings-menu';
import {
  recordChoice,
  rememberedChoice,
  type SubtitleTrack,
  toggledChoice,
  trackFor,
} from './subtitle-choice';
import { useFullscreen } from './use-fullscreen';
import { type Playback, useKeyboardShortcuts } from './use-keyboard-shortcuts';
import { ownTrackSwitches } from './vimeo-own-switches';
import { vimeoPlayback } from './vimeo-playback';
import { volumeReporter } from './volume-report';
import { WatermarkOverlay } from './watermark-overlay';

type Props = { session: OpenSessionResponse; auth: PlaybackAuth; tracker: EventTracker };

/** Whether Vimeo's timing data (`{seconds, percent, duration}`) is at the film's last moment. */
const atTheEnd = (data: { seconds: number; duration?: number }) =>
  typeof data.duration === 'number' && data.duration > 0 && data.seconds >= data.duration - 0.5;

/** Vimeo's tracks go by language and kind; the pair is their id in our menu. */
const idOf = (track: { language: string; kind: string }) => `${track.language}.${track.kind}`;

/** Vimeo's `texttrackchange`: the track now shown, all null when none is. */
type TextTrackChange = { language: string | null; kind: string | null; label: string | null };

/**
 * A Vimeo film in Vimeo's own player, with the same session, events and watermark as our streams. The
 * iframe is not allowed fullscreen, so Vimeo hides its button; ours puts the whole player (with the
 * watermark) in fullscreen instead. Vimeo's player waits for a lost network with a spinner of its own;
 * ours says why over it, as for our streams.
 */
export function VimeoPlayer({ session, auth, tracker }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(containerRef);
  const connected = useConnected(auth);
  const [picture, setPicture] = useState<Size | null>(null);
  const playerRef = useRef<Player | null>(null);
  const playbackRef = useRef<Playback | null>(null);
  /** The film's text tracks, once Vimeo's player tells them; it draws the chosen one itself. */
  const [tracks, setTracks] = useState<SubtitleTrack[]>([]);
  const [activeTrack, setActiveTrack] = useState<string | null>(null);
  const lastTrack = useRef<SubtitleTrack>(undefined);
  /** Counts the switches asked of Vimeo: only the latest one's refusal may set the menu back. */
  const switches = useRef(0);
  /** Ours, whose answers from Vimeo are no choice of the viewer's. */
  const [ownSwitches] = useState(ownTrackSwitches);
  /** Where the film resumes, said until it plays. */
  const [resuming, setResuming] = useState(Boolean(session.resumeAt));
  /** Reports the volume set (by Vimeo's slider or our keys) once it stays put, as for our streams. */
  const volumeChanged = useRef<() => void>(() => undefined);

  /**
   * Asks Vimeo's player to show `track` (or none). Should it refuse (its player reloading, the track
   * gone), the menu goes back to what it does show, rather than saying on over a film without them.
   */
  const switchTrack = useCallback(
    (player: Player, track: SubtitleTrack | null) => {
      const ask = ++switches.current;
      ownSwitches.asked(track?.id ?? null);
      (track ? player.enableTextTrack(track.language, track.kind) : player.disableTextTrack())
        .catch(() => {
          ownSwitches.refused(track?.id ?? null);
          return player.getTextTracks().then((found) => {
            if (ask !== switches.current || playerRef.current !== player) return;
            const showing = found.find((t) => t.mode === 'showing');
            setActiveTrack(showing ? idOf(showing) : null);
          });
        })
        .catch(() => undefined);
    },
    [ownSwitches],
  );

  useEffect(() => {
    // The player's own iframe, made here: destroy() removes it from the page, so a second run of this
    // effect (development's strict mode) needs a new one rather than the one React rendered.
    const iframe = document.createElement('iframe');
    iframe.title = session.video.title;
    iframe.allow = 'autoplay; encrypted-media';
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    iframe.src = vimeoPlayerUrl(session.video);
    frameRef.current!.append(iframe);
    const player = new Player(iframe);
    playerRef.current = player;
    // One per player: it keeps the last level heard, for m to bring back.
    playbackRef.current = vimeoPlayback(player, () => volumeChanged.current());
    const volume = volumeReporter(tracker);
    volumeChanged.current = () =>
      volume.changed(() =>
        Promise.all([player.getVolume(), player.getMuted()]).then(([level, muted]) => ({
          volume: level,
          muted,
        })),
      );
    let time = session.resumeAt ?? 0;
    // Vimeo sends a jump's timeupdate, at the new position, before `seeking` and `seeked`
    // (vimeo/player.js#1094): the jump started where the film was before that timeupdate.
    let before = time;
    let seekFrom: number | null = null;
    const jumpStart = (to: number) => (Math.abs(time - to) < 0.01 ? before : time);
    let inStretch = false;
    let bufferingSince: number | null = null;
    // While a jump loads, the film is still where the viewer jumped from: a progress report due then must
    // not count the skipped stretch as played (Vimeo already gave the new place in its timeupdate).
    tracker.position = () => seekFrom ?? time;

    if (session.resumeAt) void player.setCurrentTime(session.resumeAt).catch(() => undefined);
    // The film's text tracks, once the player is ready (and again for a new video): the remembered
    // choice is turned on once.
    let restored = false;
    let offered: SubtitleTrack[] = [];
    /** The track Vimeo last said it shows. */
    let shown: string | null = null;
    const offerTracks = () =>
      player
        .getTextTracks()
        .then((found) => {
          offered = found.map((t) => ({
            id: idOf(t),
            language: t.language,
            kind: t.kind,
            label: t.label,
          }));
          setTracks(offered);
          const remembered = restored ? undefined : trackFor(offered, rememberedChoice());
          restored = true;
          if (remembered) {
            setActiveTrack(remembered.id);
            switchTrack(player, remembered);
          } else {
            // One Vimeo shows already (its own default); switching off comes as a texttrackchange.
            const showing = found.find((t) => t.mode === 'showing');
            if (!showing) return;
            shown = idOf(showing);
            setActiveTrack(shown);
          }
        })
        .catch(() => undefined);
    void player.ready().then(offerTracks, () => undefined);
    // Vimeo's player shows the film whole inside its frame: the watermark keeps to the picture.
    player.on('loaded', () => {
      Promise.all([player.getVideoWidth(), player.getVideoHeight()])
        .then(([width, height]) => setPicture({ width, height }))
        .catch(() => undefined);
      offerTracks();
    });
    // A switch in Vimeo's own menu is the viewer's choice, as one in ours: reported and remembered.
    // Vimeo's answers to our own switches are not, nor what it shows before the page knows its tracks
    // (its own default).
    player.on('texttrackchange', ({ language, kind, label }: TextTrackChange) => {
      const track =
        language && kind ? { id: idOf({ language, kind }), language, kind, label: label ?? language } : null;
      const id = track?.id ?? null;
      const changed = id !== shown;
      shown = id;
      if (ownSwitches.answers(id)) return;
      setActiveTrack(id);
      if (!restored || !changed) return;
      const chosen = track && (offered.find((t) => t.id === id) ?? track);
      if (chosen) lastTrack.current = chosen;
      recordChoice(tracker, chosen);
    });
    player.on('timeupdate', (data: { seconds: number }) => {
      if (data.seconds === time) return;
      before = time;
      time = data.seconds;
    });
    player.on('playing', (data: { seconds: number }) => {
      time = data.seconds;
      if (inStretch) return;
      inStretch = true;
      tracker.playing(time);
    });
    player.on('pause', (data: { seconds: number; duration?: number }) => {
      time = data.seconds;
      // At the end Vimeo says pause, then ended: `ended` reports the last stretch, as for our streams.
      if (!inStretch || atTheEnd(data)) return;
      inStretch = false;
      tracker.paused(time);
    });
    player.on('seeking', (data: { seconds: number }) => {
      seekFrom ??= jumpStart(data.seconds);
    });
    player.on('seeked', (data: { seconds: number }) => {
      const from = seekFrom ?? jumpStart(data.seconds);
      seekFrom = null;
      time = before = data.seconds;
      // As for our own player, no jump to where the film already is (resuming where the viewer left).
      if (Math.abs(data.seconds - from) < 0.5) return;
      tracker.seeked(from, data.seconds, inStretch);
    });
    player.on('ended', (data: { seconds: number }) => {
      inStretch = false;
      tracker.ended(data.seconds);
    });
    player.on('play', () => setResuming(false));
    player.on('volumechange', () => volumeChanged.current());
    player.on('playbackratechange', (data: { playbackRate: number }) =>
      tracker.push('rate', { rate: data.playbackRate }),
    );
    player.on('qualitychange', (data: { quality: string }) =>
      tracker.push('quality', { label: data.quality }),
    );
    // Vimeo buffers while a jump loads too: as for our streams, that wait is the jump's, not buffering.
    player.on('bufferstart', () => {
      if (seekFrom === null) bufferingSince = performance.now();
    });
    player.on('bufferend', () => {
      if (bufferingSince === null) return;
      tracker.push('buffering', { ms: Math.round(performance.now() - bufferingSince) });
      bufferingSince = null;
    });
    player.on('error', (error: { name?: string }) =>
      tracker.push('error', { type: 'vimeo', details: error.name ?? 'error' }),
    );
    // The browser's fullscreen or, where it has none for an element (iPhone Safari), the player filling the window.
    const container = containerRef.current!;
    const onFullscreen = () => tracker.push('fullscreen', { on: inFullscreen(container) });
    document.addEventListener('fullscreenchange', onFullscreen);
    container.addEventListener(FILL_WINDOW_CHANGE, onFullscreen);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreen);
      container.removeEventListener(FILL_WINDOW_CHANGE, onFullscreen);
      volume.stop();
      volumeChanged.current = () => undefined;
      playerRef.current = null;
      playbackRef.current = null;
      void player.destroy().catch(() => undefined);
    };
  }, [session, tracker, switchTrack, ownSwitches]);

  const chooseTrack = (track: SubtitleTrack | null) => {
    const player = playerRef.current;
    if (!player) return;
    recordChoice(tracker, track);
    setActiveTrack(track?.id ?? null);
    if (track) lastTrack.current = track;
    switchTrack(player, track);
  };
  const subtitles = {
    tracks,
    active: activeTrack,
    choose: chooseTrack,
    toggle: () => {
      const next = toggledChoice(activeTrack, tracks, lastTrack.current);
      if (next !== undefined) chooseTrack(next);
    },
  };

  // The player keys and c, as the CC button's title says, pressed on the page (Vimeo's frame keeps the
  // keys pressed inside it).
  const keys = useRef<Record<string, () => void>>({});
  keys.current = tracks.length > 0 ? { c: subtitles.toggle } : {};
  const playback = useCallback(() => playbackRef.current, []);
  useKeyboardShortcuts(playback, containerRef, keys);

  const startOver = () => {
    const player = playerRef.current;
    if (!player) return;
    void player
      .setCurrentTime(0)
      .then(() => player.play())
      .catch(() => undefined);
  };

  return (
    <div
      ref={containerRef}
      className="watch-player watch-player-vimeo"
      data-fullscreen={fullscreen || undefined}
    >
      {/* Before Vimeo's frame in the Tab order, as they show above its controls: Start over (only until
          the film plays, as over our player) and our buttons are reached without going through Vimeo's. */}
      {resuming && session.resumeAt ? (
        <div className="watch-vimeo-resume">
          <ResumeNote at={session.resumeAt} onStartOver={startOver} />
        </div>
      ) : null}
      <div className="watch-vimeo-buttons">
        {tracks.length > 0 && (
          <>
            <SubtitlesButton active={activeTrack} toggle={subtitles.toggle} />
            <SettingsMenu
              name="Subtitles"
              opens="down"
              summary={tracks.find((t) => t.id === activeTrack)?.label ?? 'Off'}
              groups={[subtitlesGroup(subtitles)]}
            />
          </>
        )}
        <button
          type="button"
          className="watch-icon-button"
          aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
          onClick={() => containerRef.current && toggleFullscreen(containerRef.current)}
        >
          {fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
        </button>
      </div>
      <div ref={frameRef} className="watch-vimeo-frame" />
      {session.watermark && <WatermarkOverlay watermark={session.watermark} picture={picture} />}
      {!connected && <ConnectionLostNote />}
    </div>
  );
}
