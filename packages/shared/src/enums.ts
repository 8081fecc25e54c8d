/** Enumerations shared by server, web and the API document. */

/** Spec section 4: every video processing status. DOMAIN.md's transition table lives in the server. */
export const VIDEO_STATUSES = [
  'created',
  'uploaded-on-encoder',
  'transcoding',
  'encoding-in-progress',
  'encoding-failed',
  'encoding-completed',
  'ready-to-use',
  'ready-to-download',
  'downloading-in-queue',
  'downloading-from-encoder',
  'downloaded-from-encoder',
  'ready-to-encrypt',
  'encryption-in-progress',
  'encryption-failed',
  'ready-keys-for-cloud-upload',
  'keys-uploading-to-cloud',
  'ready-streams-for-cloud-upload',
  'streams-uploading-to-cloud',
  'ready-streams-for-do-upload',
  'stream-files-uploading-to-do',
  'encryption-completed',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const RULE_SETS = ['FREE', 'PROFESSIONAL'] as const;
export type RuleSet = (typeof RULE_SETS)[number];

export const GENERATED_BY = ['invitation', 'access_url', 'magic_link', 'market', 'preview'] as const;
export type GeneratedBy = (typeof GENERATED_BY)[number];

/** Spec section 4: onboarding steps in order; none skippable. */
export const ONBOARDING_STEPS = ['vimeo_linking', 'video_creation', 'screener_creation'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export const DEFAULT_TIMEZONE = 'Asia/Tokyo';

export const VIDEO_TYPES = ['upload', 'vimeo', 'sample'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export const WATERMARK_TYPES = ['text', 'image'] as const;
export type WatermarkType = (typeof WATERMARK_TYPES)[number];

export const TRACKING_LINK_STATUSES = ['active', 'revoked'] as const;
export type TrackingLinkStatus = (typeof TRACKING_LINK_STATUSES)[number];

export const GEO_RESTRICTION_TYPES = ['none', 'allow', 'block'] as const;
export type GeoRestrictionType = (typeof GEO_RESTRICTION_TYPES)[number];

/** Severity of a log entry, lowest first. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The kinds of log entries the server writes (`LogsService.record` takes no other), offered by the filters
 * even before an entry of that kind exists.
 */
export const LOG_TYPES = [
  'error',
  'security',
  'access',
  'pipeline',
  'mail',
  'billing',
  'admin',
  'vimeo',
  'sharing',
] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** How a presenter holds the Professional plan: a Stripe subscription, an administrator's grant, or both. */
export const PLAN_SOURCES = ['none', 'stripe', 'grant'] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];
