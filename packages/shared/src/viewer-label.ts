import type { GeneratedBy } from './enums';

type Viewer = {
  /** The tracking link's id. */
  id: string;
  viewer_name: string | null;
  viewer_email: string | null;
  generated_by: GeneratedBy;
};

/**
 * How a viewer is named on every screen: their name, else their e-mail. An anonymous viewer has
 * neither, so a short code from their link tells two of them apart in a list.
 */
export function viewerLabel(viewer: Viewer) {
  if (viewer.viewer_name) return viewer.viewer_name;
  if (viewer.viewer_email) return viewer.viewer_email;
  return viewer.generated_by === 'magic_link'
    ? `Anonymous viewer ${viewer.id.replace(/-/g, '').slice(-4).toUpperCase()}`
    : 'Unnamed viewer';
}
