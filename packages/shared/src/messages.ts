import { linkEndedMessage } from './access-refusals';

/**
 * Every user-facing message that the specification fixes, word for word, plus the ones we add.
 * Server and web both read from here so a message never drifts between the API and a form.
 */
/** Spec section 8, word for word; the plan-limit refusal leads with it. */
const CANNOT_ADD_VIDEO = 'Can not add the video';
const planVideoLimit = (limit: number) =>
  `includes ${limit} screener${limit === 1 ? '' : 's'} (the sample does not count). Upgrade to Professional to add more.`;

export const MESSAGES = {
  // Spec section 5: shared validation rules.
  required: 'Field is required',
  exactLength: (n: number) => `This Field should have ${n} characters`,
  minLength: (n: number) => `Minimum length ${n} is required`,
  maxLength: (n: number) => `Length should not be greater then ${n}`,
  email: 'invalid email',
  numeric: 'It must be numeric',
  range: (from: number, to: number) => `It must be in range of ${from} to ${to}.`,
  float: 'Invalid number',
  english: 'Only English alphanumeric and special characters are allowed',
  dateAfter: (after: string) => `The date must be later than ${after}`,
  alphanumeric: 'Only alphanumeric characters are allowed',

  // Spec section 5: other rules.
  nameAndDescription: 'Name and Description are required',
  imageTypeAndSize: 'The image must be a JPG or PNG file under 1MB',
  videoRights: 'Please declare that you own the rights to the videos you will share',
  passwordProtectedVideo:
    'Password-protected videos are not supported. Set the video privacy to Hidden on Vimeo and try again.',
  alreadyInvited: (viewerEmail: string) =>
    `there is already an invitation for ${viewerEmail}, so edit or extend access`,
  restrictedAccess: 'Restricted Access',

  // Spec section 8.
  invalidCode: 'Invalid Code',
  vimeoNotLinked: 'Your Vimeo account was not linked',
  alreadyLoggedIn: 'You are already logged in with some account',
  cannotAddVideo: CANNOT_ADD_VIDEO,
  disableLinkFailed: 'Something went wrong while disabling link',
  copyLogFailed: 'Failed to copy log data',
  pageNotFound: 'This page could not be found',
  errorPageNotFound: '404 Not Found',
  errorPageGeneric: 'An error occurred',
  errorPageFailed: 'An error occurred while showing the error page',
  unknownMiddleware: 'Unknown middleware',

  // Ours: sign-in.
  emailAlreadyRegistered: 'An account with this e-mail already exists. Sign in instead.',
  emailNotRegistered: 'No account uses this e-mail. Check the address or register first.',
  otpInvalid: 'This code is not valid. Check the last e-mail we sent you, or ask for a new code.',
  otpExpired: 'This code has expired. Ask for a new one.',
  otpTooManyTries: 'Too many wrong tries: this code no longer works. Ask for a new one.',
  directionControls: 'Remove the invisible characters that change the direction of the text.',
  oneLine: 'Keep this on one line, without line breaks or tabs.',
  prototypeKey: 'The request body holds a key named __proto__ or constructor.prototype, which is refused.',
  /** A value of the wrong JSON type, by the type expected (a form never sends one; a script may). */
  wrongType: {
    string: 'It must be text',
    boolean: 'It must be true or false',
    array: 'It must be a list',
    object: 'It must be an object with named fields',
  },
  otpThrottled:
    'We sent several codes and links to this e-mail in the last hour. Please wait a while before asking again.',
  mailNotSent: 'We could not send the e-mail just now. Please try again in a moment.',
  loginLinkInvalid: 'This sign-in link is not valid or has already been used. Ask for a new one.',
  signInRequired: 'Please sign in to continue.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  adminOnly: 'Only administrators can do this.',
  notYourAccount: 'You can only change your own account.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  internalError: 'Something went wrong on our side. Please try again.',
  storageFull:
    'The server has run out of storage space. Please try again later: what it already has is kept.',
  databaseUnavailable: 'Screenroom cannot reach its database at the moment. Please try again in a minute.',
  nulCharacter: 'Text cannot contain the NUL character (\\u0000).',
  unstorableText: 'This text holds a character that cannot be stored (NUL, or broken Unicode).',
  badMultipart: 'The upload was cut off or is not valid multipart/form-data. Send the file again.',
  badAddress: 'This address is not valid: it holds a broken %-escape.',
  addressPartTooLong: 'A part of this address is too long.',
  notWholeNumber: 'It must be a whole number',
  atMost: (n: number | bigint) => `It must be at most ${n}`,
  atLeast: (n: number | bigint) => `It must be at least ${n}`,
  lessThan: (n: number | bigint) => `It must be less than ${n}`,
  moreThan: (n: number | bigint) => `It must be more than ${n}`,
  tooManyItems: (n: number | bigint) => `At most ${n} items are allowed`,
  tooFewItems: (n: number | bigint) => `At least ${n} item${Number(n) === 1 ? ' is' : 's are'} required`,
  oneOf: (values: readonly unknown[]) => `Choose one of ${values.join(', ')}`,
  invalidDate: 'Invalid date',
  dateOutOfRange: 'Give a date between the years 1900 and 9999',
  watermarkProfessionalOnly:
    'Watermarks are part of the Professional plan. Upgrade on the Pricing page to protect your screeners with a watermark.',
  videoLimitReached: (limit: number) => `${CANNOT_ADD_VIDEO}: your plan ${planVideoLimit(limit)}`,
  /** Said before a film is chosen, when the plan's screeners are all taken. */
  planVideoLimitNotice: (limit: number) => `Your plan ${planVideoLimit(limit)}`,
  accessLinkPlaceholderMissing:
    'The message must contain {{access_link}}, where each viewer’s own link will go.',
  geoCountriesRequired: 'Choose at least one country for this rule.',
  marketEndsBeforeStart: 'The market must end after it starts.',
  // The viewer's time zone is not known to the server: the moment is given in UTC, to the minute.
  linkEnded: (at: Date) => linkEndedMessage(at, 'UTC'),
  trackingLinkNotFound: 'This tracking link does not exist.',
  screenerNotFound: 'This screener does not exist.',
  sessionNotFound: 'This session does not exist.',
  magicLinkDisabled: 'This anonymous link is disabled and cannot be enabled again.',
  magicLinkExists: 'This screener already has an anonymous link.',
  onboardingStepOutOfOrder: (step: string, missing: string) => `Finish the ${missing} step before ${step}.`,

  // Ours: Vimeo.
  vimeoTokenOrCode: 'Paste a Vimeo access token, or connect with Vimeo.',
  vimeoTokenAndCode: 'Send either a Vimeo access token or the code Vimeo returned, not both.',
  vimeoTokenFormat: 'A Vimeo access token has no spaces. Copy it again from your Vimeo app page.',
  vimeoOAuthNotConfigured:
    'Connecting with Vimeo is not set up on this server. Paste a personal access token instead.',
  vimeoOAuthStateInvalid:
    'This Vimeo connection request has expired or was not started from your account. Start again from Vimeo Configurations.',
  vimeoUnavailable: 'Vimeo cannot be reached right now. Please try again in a few minutes.',
  vimeoRateLimited: 'Vimeo is limiting requests right now. Please wait a minute and try again.',
  vimeoMissingScope:
    'Vimeo refused this request: the access token lacks a permission. Create a token with the Public, Private and Video Files scopes.',
  vimeoVideoNotFound: 'This Vimeo video does not exist or is not in your linked Vimeo account.',
  vimeoVideoRestricted:
    'Your viewers could not play this video: on Vimeo only you (or members you chose) may watch it. Set its privacy to Hidden on Vimeo and try again.',
  vimeoVideoNotReady: 'Vimeo is still processing this video. Try again once it plays on Vimeo.',
  vimeoAppRefused:
    "Vimeo refused this server's app settings (VIMEO_CLIENT_ID and VIMEO_CLIENT_SECRET). Paste a personal access token instead, and tell the administrator.",
  vimeoProAdvised:
    'At least a Pro Vimeo account is advised: it lets you hide films from Vimeo and choose where they may be embedded.',

  // Spec section 8: captcha errors in the browser.
  captchaNoKey: 'No key provided',
  captchaNoVersion: 'No version provided',
  captchaLoadFailed: 'Failed to load script',
  captchaExecuteFailed: 'Failed to execute',

  // Ours: captcha checked by the server.
  captchaRequired: 'Please confirm that you are not a robot.',
  captchaRejected: 'The "I am not a robot" check failed or expired. Please tick it again.',
  captchaUnavailable: 'The robot check cannot be reached just now. Please try again in a moment.',

  // Ours: plans and billing.
  billingNotConfigured:
    'Billing is not set up on this server yet. An administrator can grant the Professional plan meanwhile.',
  noAdministrators:
    'This server has no administrator yet: whoever runs it names them in ADMIN_EMAILS (see the README).',
  alreadyProfessional: 'You already have the Professional plan.',
  planRequestBillingOn: 'Billing is set up on this server: choose Upgrade to Professional on the Plans page.',
  planRequestNoAdmins:
    'This server has no administrator to grant the Professional plan. Ask whoever runs it.',
  noBillingAccount: 'You have no billing account yet. Choose the Professional plan first.',
  paymentProviderUnavailable:
    'The payment provider cannot be reached just now. Please try again in a moment.',
  webhookSignatureInvalid: 'The Stripe signature of this webhook is missing or does not match.',
  planPaidThroughStripe:
    'This presenter pays for Professional through Stripe: cancel the subscription in Stripe to end it.',
  presenterNotFound: 'This presenter does not exist',

  // Ours: subtitles.
  subtitleFileRequired: 'Choose a subtitle file: SubRip (.srt) or WebVTT (.vtt).',
  subtitleTooLarge: 'The subtitle file must be under 1MB',
  subtitleUnreadable: (detail?: string) =>
    `We could not read subtitles in this file${detail ? ` (${detail})` : ''}. Upload a SubRip (.srt) or WebVTT (.vtt) file.`,
  subtitleLanguage: 'Choose the language of the subtitles.',
  subtitleLimit: (n: number) => `A film can have ${n} subtitle tracks at most. Remove one to add another.`,
  subtitleLabelTaken: (label: string) =>
    `This film already has subtitles named "${label}". Give these another name.`,
  subtitlesOnVimeo:
    'Subtitles of a Vimeo film are added on Vimeo: its player shows them to your viewers here.',
  subtitleNotFound: 'These subtitles do not exist.',

  // Ours: logs.
  logsDateRange: 'The end of the period must be after its start',
} as const;
