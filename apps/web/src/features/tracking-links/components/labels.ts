import type { GeneratedBy } from '@screenroom/shared/enums';

export const SOURCE_LABELS: Record<GeneratedBy, string> = {
  invitation: 'Invitation',
  access_url: 'Access URL',
  magic_link: 'Anonymous link',
  market: 'Market',
  preview: 'Preview',
};

export const SOURCE_COLORS: Record<GeneratedBy, string> = {
  invitation: 'violet',
  access_url: 'blue',
  magic_link: 'grape',
  market: 'orange',
  preview: 'gray',
};

export const viewerLabel = (link: {
  viewer_name: string | null;
  viewer_email: string | null;
  generated_by: GeneratedBy;
}) =>
  link.viewer_name ??
  link.viewer_email ??
  (link.generated_by === 'magic_link' ? 'Anonymous viewer' : 'Unnamed viewer');
