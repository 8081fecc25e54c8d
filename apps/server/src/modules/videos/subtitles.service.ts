import { randomUUID } from 'node:crypto';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import {
  MAX_SUBTITLE_TRACKS,
  type Subtitle,
  type SubtitleUploadFields,
  type WatchSubtitle,
} from '@screenroom/shared/schemas/subtitles';
import { defaultSubtitleLabel } from '@screenroom/shared/subtitle-languages';
import type { PresenterRow } from '../../db/schema/presenters';
import type { VideoSubtitleRow } from '../../db/schema/subtitles';
import type { VideoRow } from '../../db/schema/videos';
import type { Storage } from '../../infra/storage/storage';
import { type ReadSubtitles, readSubtitleFile, SubtitleFileError } from '../../media/subtitle-file';
import type { SubtitlesHeld, SubtitlesRepository } from './subtitles.repository';
import type { VideosService } from './videos.service';

type Deps = {
  repository: SubtitlesRepository;
  videos: Pick<VideosService, 'ownedRow'>;
  storage: Storage;
};

export const SUBTITLE_CONTENT_TYPE = 'text/vtt; charset=utf-8';

/** Where a track's normalised WebVTT lives: under the film, so it goes when the film does. */
export const subtitleKey = (videoId: string, subtitleId: string) =>
  `videos/${videoId}/subtitles/${subtitleId}.vtt`;

const toDto = (row: VideoSubtitleRow): Subtitle => ({
  id: row.id,
  language: row.language,
  kind: row.kind,
  label: row.label,
  cues: row.cueCount,
  last_cue_end: row.lastCueEnd,
  created_at: row.createdAt.toISOString(),
});

/** PostgreSQL's unique violation: the label index, when a writer other than ours got there first. */
const isUniqueViolation = (error: unknown) => {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === '23505' || cause?.code === '23505';
};

/** A label the film has already: named as the form's field it is about, in the same words. */
function labelTaken(label: string) {
  const message = MESSAGES.subtitleLabelTaken(label);
  return new AppError('CONFLICT', message, { errors: [{ field: 'label', message }] });
}

/**
 * A film's subtitle tracks: SubRip or WebVTT files read by content, kept as a normalised WebVTT, listed
 * and removed by the film's presenter, and served to the film's viewers (through the watch module).
 */
export class SubtitlesService {
  constructor(private readonly deps: Deps) {}

  async list(presenter: PresenterRow, videoId: string) {
    await this.deps.videos.ownedRow(presenter.id, videoId);
    return (await this.deps.repository.listOfVideo(videoId)).map(toDto);
  }

  async upload(
    presenter: PresenterRow,
    videoId: string,
    fields: SubtitleUploadFields,
    file: Buffer | undefined,
  ): Promise<Subtitle> {
    const film = await this.deps.videos.ownedRow(presenter.id, videoId);
    if (film.type === 'vimeo') throw new AppError('CONFLICT', MESSAGES.subtitlesOnVimeo);
    if (!file) throw new AppError('BAD_REQUEST', MESSAGES.subtitleFileRequired);
    const label = fields.label || defaultSubtitleLabel(fields.language, fields.kind);
    const allow = (held: SubtitlesHeld) => {
      if (held.count >= MAX_SUBTITLE_TRACKS)
        throw new AppError('CONFLICT', MESSAGES.subtitleLimit(MAX_SUBTITLE_TRACKS));
      if (held.labels.includes(label.toLowerCase())) throw labelTaken(label);
    };
    // Refused at once when it plainly cannot fit, before reading and keeping the file; checked again
    // under the film's lock below, for uploads at once.
    const rows = await this.deps.repository.listOfVideo(videoId);
    allow({ count: rows.length, labels: rows.map((row) => row.label.toLowerCase()) });
    let read: ReadSubtitles;
    try {
      read = await readSubtitleFile(file);
    } catch (error) {
      if (error instanceof SubtitleFileError)
        throw new AppError('BAD_REQUEST', MESSAGES.subtitleUnreadable(error.message));
      throw error;
    }
    const id = randomUUID();
    const key = subtitleKey(videoId, id);
    // The file first, then its row: a track a viewer is offered always has its file.
    await this.deps.storage.put(key, read.vtt, SUBTITLE_CONTENT_TYPE);
    try {
      const row = await this.deps.repository.insertCounted(
        presenter.id,
        {
          id,
          videoId,
          language: fields.language,
          kind: fields.kind,
          label,
          cueCount: read.cues,
          lastCueEnd: read.lastCueEnd,
          storageKey: key,
        },
        allow,
      );
      // Deleted while this was read: as if it had never been there.
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.screenerNotFound);
      return toDto(row);
    } catch (error) {
      await this.deps.storage.delete(key).catch(() => undefined);
      if (isUniqueViolation(error)) throw labelTaken(label);
      throw error;
    }
  }

  async remove(presenter: PresenterRow, videoId: string, subtitleId: string) {
    await this.deps.videos.ownedRow(presenter.id, videoId);
    const row = await this.deps.repository.deleteOfVideo(videoId, subtitleId);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.subtitleNotFound);
    // The track is gone once its row is: a file storage would not delete now stays under the film's
    // prefix, unlisted and unserved, and goes with the film.
    await this.deps.storage.delete(row.storageKey).catch(() => undefined);
  }

  /** A track's WebVTT for its film's presenter (the player on the film's page). */
  async fileForOwner(presenter: PresenterRow, videoId: string, subtitleId: string) {
    await this.deps.videos.ownedRow(presenter.id, videoId);
    return this.fileOf(videoId, subtitleId);
  }

  /** The tracks a viewer's player is offered: none for a Vimeo film (its player shows Vimeo's). */
  async forViewer(video: Pick<VideoRow, 'id' | 'type'>): Promise<WatchSubtitle[]> {
    if (video.type === 'vimeo') return [];
    return (await this.deps.repository.listOfVideo(video.id)).map((row) => ({
      id: row.id,
      language: row.language,
      kind: row.kind,
      label: row.label,
    }));
  }

  /** A track's WebVTT for a viewer the caller has authorised to watch `videoId`. */
  fileForViewer(videoId: string, subtitleId: string) {
    return this.fileOf(videoId, subtitleId);
  }

  private async fileOf(videoId: string, subtitleId: string) {
    const row = await this.deps.repository.findOfVideo(videoId, subtitleId);
    const file = row ? await this.deps.storage.getBuffer(row.storageKey) : null;
    if (!file) throw new AppError('NOT_FOUND', MESSAGES.subtitleNotFound);
    return file;
  }
}
