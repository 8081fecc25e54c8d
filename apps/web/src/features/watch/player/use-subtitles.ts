import type { WatchSubtitle } from '@screenroom/shared/schemas/subtitles';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { fetchSubtitles } from '../api';
import type { EventTracker } from '../event-tracker';
import type { PlaybackAuth } from '../playback-auth';
import { rememberChoice, rememberedChoice, reportChoice, toggledChoice, trackFor } from './subtitle-choice';
import { type Cue, parseWebVtt } from './webvtt';

/** How long the note that a track could not be loaded stays up. */
export const NOTE_MS = 8000;

export type Subtitles = {
  tracks: readonly WatchSubtitle[];
  /** The chosen track's id (shown as chosen while it loads), null when off. */
  active: string | null;
  /** The chosen track's cues, once loaded. */
  cues: readonly Cue[];
  /** The chosen track on the video element (in mode "hidden"), where the browser has text tracks. */
  textTrack: TextTrack | undefined;
  /** A track could not be loaded: subtitles went off. */
  failed: boolean;
  choose: (track: WatchSubtitle | null) => void;
  toggle: () => void;
};

/** The track on the video element, in mode "hidden": the browser times it, our overlay draws it. */
function addTextTrack(video: HTMLVideoElement, track: WatchSubtitle, cues: readonly Cue[]) {
  if (typeof video.addTextTrack !== 'function' || typeof VTTCue === 'undefined') return undefined;
  const textTrack = video.addTextTrack(track.kind, track.label, track.language);
  textTrack.mode = 'hidden';
  for (const cue of cues) textTrack.addCue(new VTTCue(cue.start, cue.end, cue.text));
  return textTrack;
}

/**
 * The film's subtitle tracks: the one chosen is fetched once (with the playback token of the moment),
 * kept for the page, added to the video element and handed to the overlay. The viewer's choice is
 * reported with the session's events, and remembered for the next film once its track has loaded: one
 * that failed leaves the choice from before, so the next film does not start with a track the viewer
 * never saw.
 */
export function useSubtitles(
  session: { sessionId: string; video: { subtitles?: WatchSubtitle[] } },
  auth: PlaybackAuth,
  tracker: EventTracker,
  videoRef: RefObject<HTMLVideoElement | null>,
): Subtitles {
  const tracks = session.video.subtitles ?? [];
  const [active, setActive] = useState<string | null>(null);
  const [cues, setCues] = useState<readonly Cue[]>([]);
  const [textTrack, setTextTrack] = useState<TextTrack>();
  const [failed, setFailed] = useState(false);
  const loads = useRef(new Map<string, Promise<Cue[]>>());
  const textTracks = useRef(new Map<string, TextTrack>());
  /** The track last shown: what the CC button turns back on (not one that failed to load). */
  const last = useRef<WatchSubtitle>(undefined);
  /** Only the latest choice's load may show: a slow one chosen before must not take over. */
  const latest = useRef(0);

  const show = useCallback(
    /** @param chosen by the viewer on this page, not brought back from their last choice. */
    async (track: WatchSubtitle | null, chosen: boolean) => {
      const ask = ++latest.current;
      setFailed(false);
      for (const [id, known] of textTracks.current) known.mode = id === track?.id ? 'hidden' : 'disabled';
      setActive(track?.id ?? null);
      setCues([]);
      setTextTrack(undefined);
      if (!track) {
        if (chosen) rememberChoice(null);
        return;
      }
      let load = loads.current.get(track.id);
      if (!load) {
        load = fetchSubtitles(session.sessionId, track.id, auth.token).then(parseWebVtt);
        loads.current.set(track.id, load);
      }
      try {
        const loaded = await load;
        if (ask !== latest.current) return;
        last.current = track;
        if (chosen) rememberChoice(track);
        const video = videoRef.current;
        let added = textTracks.current.get(track.id);
        if (!added && video) {
          added = addTextTrack(video, track, loaded);
          if (added) textTracks.current.set(track.id, added);
        }
        if (added) added.mode = 'hidden';
        setCues(loaded);
        setTextTrack(added);
      } catch {
        // Asked again next time (the server may have been out of reach); the film plays on meanwhile.
        loads.current.delete(track.id);
        if (ask !== latest.current) return;
        setActive(null);
        setFailed(true);
      }
    },
    [session.sessionId, auth, videoRef],
  );

  // The track the viewer had last time, when this film has it.
  useEffect(() => {
    const remembered = trackFor(session.video.subtitles ?? [], rememberedChoice());
    if (remembered) void show(remembered, false);
  }, [session, show]);

  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(() => setFailed(false), NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [failed]);

  const choose = (track: WatchSubtitle | null) => {
    reportChoice(tracker, track);
    void show(track, true);
  };

  const toggle = () => {
    const next = toggledChoice(active, tracks, last.current);
    if (next !== undefined) choose(next);
  };

  return { tracks, active, cues, textTrack, failed, choose, toggle };
}
