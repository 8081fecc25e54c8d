import type { Video } from '@screenroom/shared/schemas/videos';
import { isProcessing, PLAYABLE_STATUSES, videoStatusLabel } from '@screenroom/shared/video-status';
import type { VideoRow } from '../../db/schema/videos';
import type { MediaUrls } from '../../lib/media-urls';

export function toVideoDto(
  row: VideoRow & { trackingLinksCount?: number },
  media: MediaUrls,
  encryptionOn: boolean,
): Video {
  const playable =
    row.type === 'vimeo'
      ? row.status === 'ready-to-use'
      : PLAYABLE_STATUSES.includes(row.status) && (row.renditions?.length ?? 0) > 0;
  const ours = row.type !== 'vimeo';
  const processing =
    ours &&
    (isProcessing(row.status) ||
      row.status === 'uploaded-on-encoder' ||
      (encryptionOn && row.status === 'ready-to-use'));
  return {
    id: row.id,
    processing,
    type: row.type,
    status: row.status,
    status_label: row.type === 'vimeo' ? 'Vimeo' : videoStatusLabel(row.status),
    progress: row.progress,
    failure_reason: row.failureReason,
    playable,
    encrypted: row.encrypted,
    title: row.title,
    description: row.description,
    admin_note: row.adminNote,
    director: row.director,
    producer: row.producer,
    duration: row.durationSeconds,
    theme: row.theme,
    thumbnail: media.url(row.thumbnailKey) ?? row.thumbnailUrl,
    logo: media.url(row.logoKey),
    video_url: row.videoUrl,
    vimeo_id: row.vimeoId,
    vimeo_hash: row.vimeoHash,
    width: row.width,
    height: row.height,
    renditions: (row.renditions ?? []).map((r) => r.name),
    enable_logo: row.enableLogo,
    enable_watermark: row.enableWatermark,
    watermark: row.watermark,
    watermark_type: row.watermarkType,
    watermark_image: media.url(row.watermarkImageKey),
    tracking_links_count: row.trackingLinksCount ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
