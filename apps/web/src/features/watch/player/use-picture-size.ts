import { type RefObject, useEffect, useState } from 'react';
import type { Size } from './picture-area';

/** The film's picture size as the video element decodes it (it changes with a rendition of another shape). */
export function usePictureSize(videoRef: RefObject<HTMLVideoElement | null>) {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () =>
      setSize((known) =>
        !video.videoWidth
          ? null
          : known?.width === video.videoWidth && known.height === video.videoHeight
            ? known
            : { width: video.videoWidth, height: video.videoHeight },
      );
    update();
    video.addEventListener('loadedmetadata', update);
    video.addEventListener('resize', update);
    return () => {
      video.removeEventListener('loadedmetadata', update);
      video.removeEventListener('resize', update);
    };
  }, [videoRef]);
  return size;
}
