import type { LogType } from '@screenroom/shared/enums';

/**
 * Log types and modules in words: the log stores short names ("tracking-links", "pipeline"); a presenter
 * reading their activity log should not have to know the server's modules. Unknown names show as stored.
 */
/** Every log type has its words: the compiler says so when a type is added. */
const TYPE_LABELS: Record<LogType, string> = {
  error: 'Error',
  security: 'Security',
  access: 'Access',
  pipeline: 'Processing',
  mail: 'Mail',
  billing: 'Billing',
  admin: 'Administration',
  vimeo: 'Vimeo',
  sharing: 'Sharing',
};

const MODULE_LABELS: Record<string, string> = {
  auth: 'Sign-in',
  presenters: 'Account',
  videos: 'Films',
  encoder: 'Encoding',
  'tracking-links': 'Tracking links',
  'anonymous-links': 'Anonymous links',
  watch: 'Viewing',
  markets: 'Markets',
  billing: 'Billing',
  vimeo: 'Vimeo',
  captcha: 'reCAPTCHA',
  admin: 'Administration',
  http: 'Server',
};

export const logTypeLabel = (type: string) => (TYPE_LABELS as Record<string, string>)[type] ?? type;
export const logModuleLabel = (module: string) => MODULE_LABELS[module] ?? module;
