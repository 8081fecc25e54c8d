import { AppError } from '@screenroom/shared/errors';
import type { PresentersService } from '../presenters/presenters.service';
import type { VideosService } from '../videos/videos.service';

type Lookups = {
  videos: Pick<VideosService, 'rowById' | 'pageLogo'>;
  presenters: Pick<PresentersService, 'findById'>;
};

/**
 * A viewer's refusal that also names the film and who shared it, so the viewer knows whom to ask, in
 * the film page's look: its theme, and the logo its page shows (none when the presenter turned it off).
 * The refusal is what matters: if the film or its owner cannot be read, it goes out as it was.
 */
export async function refusalWithFilm(
  refusal: AppError,
  link: { videoId: string; presenterId: string },
  { videos, presenters }: Lookups,
) {
  try {
    const [video, owner] = await Promise.all([
      videos.rowById(link.videoId),
      presenters.findById(link.presenterId),
    ]);
    if (!owner) return refusal;
    const film = {
      title: video.title,
      presented_by: owner.name,
      theme: video.theme,
      // The same signed address as the screener page's: it names the stored image and nothing else.
      logo: videos.pageLogo(video),
    };
    return new AppError(refusal.code, refusal.message, {
      reason: refusal.reason,
      film,
      endsAt: refusal.endsAt,
    });
  } catch {
    return refusal;
  }
}
