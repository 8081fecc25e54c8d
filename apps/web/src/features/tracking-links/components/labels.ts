import type { GeneratedBy } from '@screenroom/shared/enums';

export const SOURCE_LABELS: Record<GeneratedBy, string> = {
  invitation: 'Invitation',
  access_url: 'Access link',
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
