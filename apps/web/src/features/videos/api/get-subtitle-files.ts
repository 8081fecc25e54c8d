import type { Subtitle } from '@screenroom/shared/schemas/subtitles';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TrackSource } from '../../../components/hls-video';
import { api, apiPath } from '../../../lib/api-client';
import { subtitlesKey, useSubtitles } from './get-subtitles';

/** A track's WebVTT, with the presenter's sign-in. */
export const getSubtitleFile = (videoId: string, subtitleId: string, signal?: AbortSignal) =>
  api.getText(apiPath`/videos/${videoId}/subtitles/${subtitleId}`, { signal });

/**
 * The film's subtitle tracks as sources for the presenter's own player: each file fetched once and
 * handed over as a blob: URL (a <track> cannot send the sign-in), kept while its track stays and let go
 * of when the track is removed or the player goes.
 */
export function useSubtitleTrackSources(videoId: string, enabled: boolean): TrackSource[] {
  const subtitles = useSubtitles(videoId, enabled).data;
  const files = useQueries({
    queries: (subtitles ?? []).map((subtitle) => ({
      queryKey: [...subtitlesKey(videoId), subtitle.id, 'file'],
      queryFn: ({ signal }: { signal: AbortSignal }) => getSubtitleFile(videoId, subtitle.id, signal),
      // A track's file never changes: a new file is a new track.
      staleTime: Number.POSITIVE_INFINITY,
      meta: { silent: true },
    })),
    combine: (results) => results.map((r) => r.data),
  });
  const [sources, setSources] = useState<TrackSource[]>([]);
  /** The blob: URL made for each track, by id: kept while the track stays, so its <track> is not reloaded. */
  const urls = useRef(new Map<string, string>());
  // The texts as one value: `combine` answers a new array on every render, the texts themselves do not change.
  const loaded = JSON.stringify([subtitles?.map((s) => s.id), files.map((text) => text !== undefined)]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` says when tracks or files changed
  useEffect(() => {
    const kept = new Map<string, string>();
    const made = (subtitles ?? []).flatMap((subtitle: Subtitle, index) => {
      const text = files[index];
      if (text === undefined) return [];
      const src =
        urls.current.get(subtitle.id) ?? URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
      kept.set(subtitle.id, src);
      return [
        { id: subtitle.id, language: subtitle.language, kind: subtitle.kind, label: subtitle.label, src },
      ];
    });
    for (const [id, src] of urls.current) if (!kept.has(id)) URL.revokeObjectURL(src);
    urls.current = kept;
    setSources(made);
  }, [loaded]);
  // Every URL goes with the player.
  useEffect(
    () => () => {
      for (const src of urls.current.values()) URL.revokeObjectURL(src);
      urls.current = new Map();
    },
    [],
  );
  return sources;
}
