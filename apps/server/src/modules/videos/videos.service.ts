import { randomBytes } from 'node:crypto';
import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { WATERMARK_IMAGE_MAX_BYTES } from '@screenroom/shared/constants';
import { AppError } from '@screenroom/shared/errors';
import { MESSAGES } from '@screenroom/shared/messages';
import type { CreateVideoBody, ImageKind, UpdateVideoBody } from '@screenroom/shared/schemas/videos';
import { fileTypeFromBuffer } from 'file-type';
import type { PresenterRow } from '../../db/schema/presenters';
import type { VideoRow } from '../../db/schema/videos';
import type { Storage } from '../../infra/storage/storage';
import type { StoredUpload, UploadStore } from '../../infra/uploads/upload-store';
import { imageSize, isWholeImage } from '../../lib/image-integrity';
import { MAIL_LIFETIME, type MediaUrls } from '../../lib/media-urls';
import { FilmTooLargeError, NotAVideoError, probeFile } from '../../media/probe';
import { ensureSampleFilm, sampleSubtitles } from '../../media/sample-film';
import type { MediaTools } from '../../media/tools';
import type { LogsService } from '../logs/logs.service';
import type { PlansService } from '../plans/plans.service';
import type { StreamsService } from '../streams/streams.service';
import type { VideoPipeline } from './pipeline/video-pipeline';
import type { PreviewTokens } from './preview-tokens';
import { sampleDetails } from './sample-details';
import { toVideoDto } from './video.mapper';
import { assertTransition } from './video-status-machine';
import type { VideoPatch, VideosRepository } from './videos.repository';

/** What the Vimeo integration gives us to create a film from one of the presenter's Vimeo videos. */
export type VimeoImport = {
  vimeoId: string;
  privacyHash: string | null;
  title: string;
  description: string;
  durationSeconds: number | null;
  thumbnailUrl: string | null;
  link: string | null;
  width: number | null;
  height: number | null;
};
export type VimeoImporter = {
  getImportableVideo(presenter: PresenterRow, vimeoId: string): Promise<VimeoImport>;
};

type Deps = {
  repository: VideosRepository;
  plans: PlansService;
  storage: Storage;
  streams: StreamsService;
  pipeline: VideoPipeline;
  uploads: UploadStore;
  tools: MediaTools;
  media: MediaUrls;
  previewTokens: PreviewTokens;
  logs: LogsService;
  publicUrl: string;
  encryptionOn: boolean;
  uploadMaxBytes: number;
  uploadQuotaBytes: number;
  sampleDir: string;
  sampleSeconds: number;
  /**
   * Adds the sample film's subtitles (a WebVTT file) the way a presenter's upload is added: the
   * subtitles module's, which itself needs this service, so the container passes it in.
   */
  addSampleSubtitles?: (presenter: PresenterRow, videoId: string, file: Buffer) => Promise<unknown>;
  workRoot: string;
  vimeo?: VimeoImporter;
};

const GB = 1024 ** 3;
const gigabytes = (bytes: number) => `${(bytes / GB).toFixed(bytes % GB === 0 ? 0 : 1)} GB`;
/** tus lets a client give the size later (Upload-Defer-Length); the checks at the start need it. */
export const SIZE_UP_FRONT_MESSAGE = 'Give the file’s size (Upload-Length) when the upload starts.';
export const fileTooLargeMessage = (maxBytes: number) =>
  `This file is larger than the ${gigabytes(maxBytes)} upload limit.`;

export const NOT_A_VIDEO_MESSAGE =
  'This file is not a video we can read. Upload a film file such as MP4, MOV, MKV or MXF.';

/** The largest image side we keep: every viewer's browser decodes the image whole to show it. */
const IMAGE_MAX_SIDE_PIXELS = 8192;
export const IMAGE_TOO_LARGE_MESSAGE = `The image must be at most ${IMAGE_MAX_SIDE_PIXELS} pixels wide and high.`;

const UPLOAD_GONE_MESSAGE = 'This upload does not exist (uploads are kept for a day).';

export class VideosService {
  /** Uploads being turned into screeners now: a second request for the same one is refused. */
  private readonly claimedUploads = new Set<string>();

  constructor(private readonly deps: Deps) {}

  toDto(row: VideoRow & { trackingLinksCount?: number }) {
    return toVideoDto(row, this.deps.media, this.deps.encryptionOn);
  }

  /** The film's picture in an invitation mail, whose address must outlive a page's (MAIL_LIFETIME). */
  mailThumbnail(row: VideoRow) {
    return this.deps.media.url(row.thumbnailKey, MAIL_LIFETIME) ?? row.thumbnailUrl;
  }

  /**
   * The logo a viewer's page shows, its refusals included (the film's own signed address), or none when
   * the presenter turned it off.
   */
  pageLogo(row: VideoRow) {
    return row.enableLogo ? this.deps.media.url(row.logoKey) : null;
  }

  /** A presenter's own film, or a 404 (the same answer for another presenter's id as for none). */
  async ownedRow(presenterId: string, id: string) {
    const row = await this.deps.repository.findOwned(presenterId, id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.screenerNotFound);
    return row;
  }

  /** A film by id alone, for flows with no presenter signed in (market attendees, viewers). */
  async rowById(id: string) {
    const row = await this.deps.repository.findById(id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.screenerNotFound);
    return row;
  }

  async list(presenter: PresenterRow, search?: string) {
    return (await this.deps.repository.listOwned(presenter.id, search)).map((r) => this.toDto(r));
  }

  async get(presenter: PresenterRow, id: string) {
    return this.toDto(await this.ownedRow(presenter.id, id));
  }

  async listUploaded(presenter: PresenterRow, query: { search?: string; page: number; limit: number }) {
    const { rows, total } = await this.deps.repository.listOwnedOfType(presenter.id, 'upload', query);
    return {
      results: rows.map((r) => this.toDto(r)),
      page: query.page,
      limit: query.limit,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
      totalResults: total,
    };
  }

  private async assertCanAdd(presenter: PresenterRow) {
    this.allowAnother(presenter)(await this.deps.repository.countCounted(presenter.id));
  }

  /** The plan's check of a count of films: at the door, and again where the film is inserted (under a lock). */
  private allowAnother(presenter: PresenterRow) {
    return (count: number) => this.deps.plans.assertCanAddVideo(presenter, count);
  }

  /**
   * Checked when an upload starts, so nobody sends gigabytes only to be refused at the end; once it
   * passes, the upload's size is held against the presenter's storage (in the database, with the check:
   * uploads started together, on any server, each see the others).
   */
  async reserveUpload(presenter: PresenterRow, uploadId: string, size: number | undefined) {
    if (size === undefined)
      // A tus client may offer the length later (Upload-Defer-Length); the checks below need it now.
      throw new AppError('BAD_REQUEST', SIZE_UP_FRONT_MESSAGE);
    if (size > this.deps.uploadMaxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(this.deps.uploadMaxBytes));
    }
    const films = await this.deps.repository.countCounted(presenter.id);
    // Uploads not yet screeners count too: they hold their disk space for a day.
    const since = new Date(Date.now() - this.deps.uploads.fileStore.getExpiration());
    const reservation = { uploadId, presenterId: presenter.id, bytes: size };
    await this.deps.repository.reserveUpload(reservation, since, (held) => {
      if (held.films + held.pending + size > this.deps.uploadQuotaBytes) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `This upload would take you past your storage of ${gigabytes(this.deps.uploadQuotaBytes)}${held.pending > 0 ? ', counting your uploads not yet made into screeners (kept for a day)' : ''}. Delete a screener you no longer need, or contact us.`,
        );
      }
      this.allowAnother(presenter)(films);
    });
  }

  /** The upload was deleted (tus DELETE): the storage it held is free. */
  releaseUpload(uploadId: string) {
    return this.deps.repository.releaseUpload(uploadId);
  }

  /** Forgets what expired uploads held (housekeeping; they no longer count in any case). */
  forgetExpiredUploads() {
    return this.deps.repository.forgetUploadsBefore(
      new Date(Date.now() - this.deps.uploads.fileStore.getExpiration()),
    );
  }

  /** Deletes an upload that will not become a screener, and frees the storage it held. */
  private async discardUpload(uploadId: string) {
    await this.deps.uploads.remove(uploadId);
    await this.deps.repository.releaseUpload(uploadId);
  }

  /** Checked as soon as an upload is complete: a file that is not a film is refused and deleted. */
  async assertUploadIsVideo(uploadId: string, filePath: string) {
    try {
      await probeFile(this.deps.tools, filePath);
    } catch (error) {
      // Deleted (tus DELETE) while it was being made a screener: gone, not "not a film".
      const gone = await access(filePath).then(
        () => false,
        () => true,
      );
      if (gone) throw new AppError('NOT_FOUND', UPLOAD_GONE_MESSAGE);
      await this.discardUpload(uploadId);
      if (error instanceof FilmTooLargeError) throw new AppError('UNPROCESSABLE', error.message);
      if (error instanceof NotAVideoError) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_VIDEO_MESSAGE);
      throw error;
    }
  }

  async create(presenter: PresenterRow, body: CreateVideoBody) {
    return body.source === 'upload'
      ? this.createFromUpload(presenter, body)
      : this.createFromVimeo(presenter, body);
  }

  private async createFromUpload(
    presenter: PresenterRow,
    body: Extract<CreateVideoBody, { source: 'upload' }>,
  ) {
    const upload = await this.deps.uploads.get(body.upload_id);
    if (!upload || upload.metadata.presenterId !== presenter.id) {
      throw new AppError('NOT_FOUND', UPLOAD_GONE_MESSAGE);
    }
    if (upload.size === undefined || upload.offset < upload.size) {
      throw new AppError(
        'CONFLICT',
        'The upload is not complete yet: resume it before creating the screener.',
      );
    }
    await this.assertCanAdd(presenter);
    if (this.claimedUploads.has(upload.id)) {
      throw new AppError('CONFLICT', 'This upload is already becoming a screener.');
    }
    this.claimedUploads.add(upload.id);
    try {
      return await this.claimUpload(presenter, body, upload);
    } finally {
      this.claimedUploads.delete(upload.id);
    }
  }

  private async claimUpload(
    presenter: PresenterRow,
    body: Extract<CreateVideoBody, { source: 'upload' }>,
    upload: StoredUpload,
  ) {
    await this.assertUploadIsVideo(upload.id, upload.path);
    const row = await this.deps.repository.createCounted(
      this.allowAnother(presenter),
      {
        presenterId: presenter.id,
        type: 'upload',
        title: body.title,
        description: body.description,
        director: body.director ?? null,
        producer: body.producer ?? null,
        adminNote: body.admin_note ?? null,
        sourceBytes: upload.size,
      },
      upload.id,
    );
    const extension =
      path
        .extname(upload.metadata.filename ?? '')
        .toLowerCase()
        .replace(/[^.a-z0-9]/g, '') || '.bin';
    const sourceKey = `videos/${row.id}/source/original${extension}`;
    await this.deps.storage.putFile(sourceKey, upload.path, { move: true });
    await this.deps.uploads.remove(upload.id);
    return this.startPipeline(row, { sourceKey });
  }

  private async startPipeline(row: VideoRow, patch: VideoPatch) {
    assertTransition(row.status, 'uploaded-on-encoder');
    const queued =
      (await this.deps.repository.transition(row.id, row.status, 'uploaded-on-encoder', patch)) ?? row;
    await this.deps.pipeline.enqueueEncode(row.id);
    return this.toDto(queued);
  }

  private async createFromVimeo(
    presenter: PresenterRow,
    body: Extract<CreateVideoBody, { source: 'vimeo' }>,
  ) {
    if (!this.deps.vimeo) throw new AppError('UNAVAILABLE', MESSAGES.vimeoNotLinked);
    await this.assertCanAdd(presenter);
    const film = await this.deps.vimeo.getImportableVideo(presenter, body.vimeo_id);
    const row = await this.deps.repository.createCounted(this.allowAnother(presenter), {
      presenterId: presenter.id,
      type: 'vimeo',
      title: body.title || film.title,
      description: body.description || film.description,
      director: body.director ?? null,
      producer: body.producer ?? null,
      adminNote: body.admin_note ?? null,
      vimeoId: film.vimeoId,
      vimeoHash: film.privacyHash,
      videoUrl: film.link,
      thumbnailUrl: film.thumbnailUrl,
      durationSeconds: film.durationSeconds,
      width: film.width,
      height: film.height,
    });
    const ready = await this.deps.repository.transition(row.id, 'created', 'ready-to-use');
    return this.toDto(ready ?? row);
  }

  prepareSample() {
    return ensureSampleFilm(this.deps.tools, this.deps.sampleDir, this.deps.sampleSeconds);
  }

  /**
   * The presenter's sample film, through the same pipeline, made once: asking again returns it, and
   * requests at the same moment (on any server) find the one the first of them recorded. The film is
   * made (ffmpeg, kept on disk) before and copied to storage after the short locked insert.
   */
  async createSample(presenter: PresenterRow) {
    const sampleOf = async () =>
      (await this.deps.repository.listOwned(presenter.id)).find((v) => v.type === 'sample');
    const existing = await sampleOf();
    if (existing) return this.toDto(existing);
    const film = await this.prepareSample();
    const { row, created } = await this.deps.repository.createSampleOnce({
      presenterId: presenter.id,
      type: 'sample',
      ...sampleDetails(this.deps.sampleSeconds),
    });
    if (!created) return this.toDto((await sampleOf()) ?? row);
    const sourceKey = `videos/${row.id}/source/sample.mp4`;
    await this.deps.storage.putFile(sourceKey, film);
    await this.subtitleSample(presenter, row);
    return this.startPipeline(row, { sourceKey });
  }

  /** The sample's subtitles show the feature; a sample without them is still a sample, so a failure is logged. */
  private async subtitleSample(presenter: PresenterRow, row: VideoRow) {
    if (!this.deps.addSampleSubtitles) return;
    try {
      await this.deps.addSampleSubtitles(
        presenter,
        row.id,
        Buffer.from(sampleSubtitles(this.deps.sampleSeconds)),
      );
    } catch (error) {
      await this.deps.logs.record({
        level: 'error',
        type: 'pipeline',
        module: 'videos',
        message: 'The subtitles of a sample screener could not be added',
        videoId: row.id,
        videoTitle: row.title,
        userId: presenter.id,
        error,
      });
    }
  }

  async update(presenter: PresenterRow, id: string, body: UpdateVideoBody) {
    const row = await this.ownedRow(presenter.id, id);
    const touchesWatermark =
      body.enable_watermark === true || body.watermark !== undefined || body.watermark_type !== undefined;
    if (touchesWatermark) this.deps.plans.assertWatermarkAllowed(presenter);
    const watermarkType = body.watermark_type ?? row.watermarkType;
    const enabling = body.enable_watermark ?? row.enableWatermark;
    if (enabling && watermarkType === 'image' && !row.watermarkImageKey) {
      throw new AppError('BAD_REQUEST', 'Upload a watermark image first, or choose a text watermark.');
    }
    const updated = await this.deps.repository.updateOwned(presenter.id, id, {
      title: body.title,
      description: body.description,
      adminNote: body.admin_note,
      director: body.director,
      producer: body.producer,
      theme: body.theme,
      enableLogo: body.enable_logo,
      enableWatermark: body.enable_watermark,
      watermark: body.watermark,
      watermarkType: body.watermark_type,
    });
    return this.toDto({ ...updated!, trackingLinksCount: row.trackingLinksCount });
  }

  async remove(presenter: PresenterRow, id: string) {
    const deleted = await this.deps.repository.deleteOwned(presenter.id, id);
    if (!deleted) throw new AppError('NOT_FOUND', MESSAGES.screenerNotFound);
    // The film is gone once its row is. Its files go now, best effort: a step still encoding may be
    // writing into them, and the pipeline removes what it wrote when it finds the film deleted.
    const removals = await Promise.allSettled([
      this.deps.storage.deletePrefix(`videos/${id}`),
      rm(path.join(this.deps.workRoot, id), { recursive: true, force: true, maxRetries: 3 }),
    ]);
    const failed = removals.find((r) => r.status === 'rejected');
    if (failed) {
      await this.deps.logs.record({
        level: 'warn',
        type: 'pipeline',
        module: 'videos',
        message: 'files of a deleted film left for the pipeline to remove',
        videoId: id,
        videoTitle: deleted.title,
        userId: presenter.id,
        error: failed.reason,
      });
    }
    return { ok: true as const };
  }

  /**
   * Thumbnail, logo or watermark image: JPG or PNG by content (not by name), under 1MB. The stored key
   * carries a random part, so its URL can be cached forever.
   */
  async updateImage(presenter: PresenterRow, videoId: string, kind: ImageKind, data: Buffer) {
    const row = await this.ownedRow(presenter.id, videoId);
    if (kind === 'watermark') this.deps.plans.assertWatermarkAllowed(presenter);
    const type = await fileTypeFromBuffer(data);
    if (
      data.length >= WATERMARK_IMAGE_MAX_BYTES ||
      (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') ||
      !isWholeImage(data, type.mime)
    ) {
      throw new AppError('BAD_REQUEST', MESSAGES.imageTypeAndSize);
    }
    const size = imageSize(data, type.mime);
    if (!size || Math.max(size.width, size.height) > IMAGE_MAX_SIDE_PIXELS) {
      throw new AppError('BAD_REQUEST', IMAGE_TOO_LARGE_MESSAGE);
    }
    const key = `videos/${videoId}/images/${kind}-${randomBytes(6).toString('hex')}.${type.ext}`;
    await this.deps.storage.put(key, data, type.mime);
    const column = { thumbnail: 'thumbnailKey', logo: 'logoKey', watermark: 'watermarkImageKey' } as const;
    const replaced = await this.deps.repository.replaceImageOwned(presenter.id, videoId, column[kind], key);
    if (!replaced) {
      await this.deps.storage.delete(key);
      throw new AppError('NOT_FOUND', MESSAGES.screenerNotFound);
    }
    if (replaced.previous) await this.deps.storage.delete(replaced.previous);
    return this.toDto({ ...replaced.row, trackingLinksCount: row.trackingLinksCount });
  }

  /** The Retry action of a failed film: from the start of the step that failed. */
  async retry(presenter: PresenterRow, id: string) {
    const row = await this.ownedRow(presenter.id, id);
    if (row.status === 'encoding-failed') {
      assertTransition(row.status, 'transcoding');
      await this.deps.repository.transition(id, row.status, 'transcoding', {
        failureReason: null,
        progress: 0,
      });
      await this.deps.pipeline.enqueueEncode(id);
    } else if (row.status === 'encryption-failed') {
      assertTransition(row.status, 'ready-to-encrypt');
      await this.deps.repository.transition(id, row.status, 'ready-to-encrypt', {
        failureReason: null,
        progress: 0,
      });
      await this.deps.pipeline.enqueueEncrypt(id);
    } else {
      throw new AppError('CONFLICT', 'Only a screener whose processing failed can be retried.');
    }
    return this.toDto(await this.ownedRow(presenter.id, id));
  }

  /**
   * A short-lived, owner-only URL of the master playlist; every URL it leads to carries the same token,
   * which works only while the sign-in that asked for it (`authSessionId`) is live.
   */
  async hlsUrl(presenter: PresenterRow, authSessionId: string, videoId: string) {
    const row = await this.ownedRow(presenter.id, videoId);
    if (row.type === 'vimeo')
      throw new AppError('CONFLICT', 'Vimeo screeners play through the Vimeo player.');
    if (!this.deps.streams.isPlayable(row)) {
      throw new AppError(
        'CONFLICT',
        'This screener is still being processed: it can be previewed once it is ready.',
      );
    }
    const { token, expiresAt } = await this.deps.previewTokens.sign(
      presenter.id,
      authSessionId,
      videoId,
      this.deps.previewTokens.ttlSeconds(row.durationSeconds),
    );
    return {
      url: `${this.deps.publicUrl}/v1/videos/${videoId}/hls/master.m3u8?token=${token}`,
      expires_at: expiresAt.toISOString(),
    };
  }
}
