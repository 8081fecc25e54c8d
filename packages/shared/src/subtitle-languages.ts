/**
 * Languages a film's subtitles can be in: BCP 47 tags (what a <track srclang> and Vimeo's text tracks
 * use), with their English names for menus and for a track's default label.
 */
export const SUBTITLE_LANGUAGES = {
  ar: 'Arabic',
  bg: 'Bulgarian',
  bn: 'Bengali',
  ca: 'Catalan',
  cs: 'Czech',
  cy: 'Welsh',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  'es-419': 'Spanish (Latin America)',
  et: 'Estonian',
  eu: 'Basque',
  fa: 'Persian',
  fi: 'Finnish',
  fil: 'Filipino',
  fr: 'French',
  'fr-CA': 'French (Canada)',
  ga: 'Irish',
  gl: 'Galician',
  he: 'Hebrew',
  hi: 'Hindi',
  hr: 'Croatian',
  hu: 'Hungarian',
  hy: 'Armenian',
  id: 'Indonesian',
  is: 'Icelandic',
  it: 'Italian',
  ja: 'Japanese',
  ka: 'Georgian',
  kk: 'Kazakh',
  ko: 'Korean',
  lt: 'Lithuanian',
  lv: 'Latvian',
  mk: 'Macedonian',
  ms: 'Malay',
  nb: 'Norwegian',
  nl: 'Dutch',
  pl: 'Polish',
  pt: 'Portuguese',
  'pt-BR': 'Portuguese (Brazil)',
  ro: 'Romanian',
  ru: 'Russian',
  sk: 'Slovak',
  sl: 'Slovenian',
  sq: 'Albanian',
  sr: 'Serbian',
  sv: 'Swedish',
  sw: 'Swahili',
  ta: 'Tamil',
  th: 'Thai',
  tr: 'Turkish',
  uk: 'Ukrainian',
  ur: 'Urdu',
  vi: 'Vietnamese',
  'zh-Hans': 'Chinese (Simplified)',
  'zh-Hant': 'Chinese (Traditional)',
} as const;

export type SubtitleLanguage = keyof typeof SUBTITLE_LANGUAGES;
export const SUBTITLE_LANGUAGE_CODES = Object.keys(SUBTITLE_LANGUAGES) as [
  SubtitleLanguage,
  ...SubtitleLanguage[],
];

/** Subtitles translate the dialogue; captions also describe sounds, for deaf and hard-of-hearing viewers. */
export const SUBTITLE_KINDS = ['subtitles', 'captions'] as const;
export type SubtitleKind = (typeof SUBTITLE_KINDS)[number];

/** The label a track gets when its presenter gives none: "French", or "English (captions)". */
export function defaultSubtitleLabel(language: SubtitleLanguage, kind: SubtitleKind): string {
  const name = SUBTITLE_LANGUAGES[language];
  return kind === 'captions' ? `${name} (captions)` : name;
}
