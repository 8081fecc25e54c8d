import { AddScreenerDialog } from '../features/videos/components/add-screener-dialog';
import { VimeoVideoPicker } from '../features/vimeo/components/vimeo-video-picker';

/** /screeners/dialog/add-screener with the vimeo feature's picker: composed here, where features may meet. */
export function AddScreenerRoute() {
  return <AddScreenerDialog vimeoPicker={VimeoVideoPicker} />;
}
