import { z } from 'zod';
import { MESSAGES } from './messages';
import './zod-messages';

/**
 * Field builders for the validation rules of spec section 5. Each carries the specification's exact
 * message, so the server's 400 and the web form show the same words.
 */

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = (value: unknown) => (isBlank(value) ? null : trimmed(value));

/** Letters, digits, space and _ @ . / # & + - */
export const ENGLISH_TEXT = /^[A-Za-z0-9 _@./#&+-]*$/;
export const ALPHANUMERIC = /^[A-Za-z0-9]*$/;
export const DIGITS = /^[0-9]+$/;
// Embeddings and overrides (U+202A–U+202E): the isolates (U+2066–U+2069), which apps put around
// right-to-left names when they are copied, are allowed.
const NO_DIRECTION_CONTROLS = /^[^\u202A-\u202E]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const ONE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// Half of a surrogate pair alone (text cut in the middle of an emoji): stored, it turns into U+FFFD.
const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** What every stored text is checked for, whatever its other rules. */
function storable(schema: z.ZodString) {
  // Invisible characters that reverse the text after them: in a name they make a mail's sender or
  // subject read other than it is.
  return schema
    .regex(NO_DIRECTION_CONTROLS, MESSAGES.directionControls)
    .regex(WELL_FORMED, MESSAGES.unstorableText);
}

type TextRules = {
  /** Line breaks allowed (a mail's content, pasted addresses, a note); other texts are one line. */
  multiline?: boolean;
  min?: number;
  max?: number;
  exact?: number;
  english?: boolean;
  alphanumeric?: boolean;
};

function withTextRules(schema: z.ZodString, rules: TextRules) {
  let s = schema;
  if (rules.exact !== undefined) s = s.length(rules.exact, MESSAGES.exactLength(rules.exact));
  if (rules.min !== undefined) s = s.min(rules.min, MESSAGES.minLength(rules.min));
  if (rules.max !== undefined) s = s.max(rules.max, MESSAGES.maxLength(rules.max));
  if (rules.english) s = s.regex(ENGLISH_TEXT, MESSAGES.english);
  if (rules.alphanumeric) s = s.regex(ALPHANUMERIC, MESSAGES.alphanumeric);
  // A line break in a subject or a name is a new header line in a mail, or a broken table row.
  if (!rules.multiline) s = s.regex(ONE_LINE, MESSAGES.oneLine);
  return storable(s);
}

/** A free text that may be empty (a description, a title filled in later): trimmed, '' by default. */
export function freeText(max: number) {
  return storable(z.string().trim().max(max, MESSAGES.maxLength(max)));
}

const requiredError = {
  error: (iss: { input: unknown }) => (isBlank(iss.input) ? MESSAGES.required : undefined),
};

/** A required, trimmed text: blank is 'Field is required'. */
export function requiredText(rules: TextRules = {}) {
  const inner = withTextRules(z.string(requiredError).min(1, MESSAGES.required), rules);
  return z.preprocess(trimmed, inner);
}

/** An optional text: blank becomes null. */
export function optionalText(rules: TextRules = {}) {
  return z.preprocess(emptyToNull, withTextRules(z.string(), rules).nullable()).optional();
}

/** A required e-mail, trimmed and lower-cased: blank is 'Field is required', else 'invalid email'. */
export function emailField() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .email({ error: (iss) => (isBlank(iss.input) ? MESSAGES.required : MESSAGES.email) })
      .max(254, MESSAGES.maxLength(254)),
  );
}

/** An e-mail that may be left out: blank (or null) becomes null, anything else must be an address. */
export function optionalEmailField() {
  return z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email({ error: MESSAGES.email }).max(254, MESSAGES.maxLength(254)).nullable(),
  );
}

/** A string of digits only, of an exact length when given (e.g. a one-time code). */
export function digitsText(exact?: number) {
  let s = z.string(requiredError).min(1, MESSAGES.required).regex(DIGITS, MESSAGES.numeric);
  if (exact !== undefined) s = s.length(exact, MESSAGES.exactLength(exact));
  return z.preprocess(trimmed, s);
}

const toNumber = (value: unknown) => {
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' ? undefined : Number(t);
  }
  return value;
};

/** A whole number in [min, max]: not a number is 'It must be numeric', outside is the range message. */
export function wholeNumber(min: number, max: number) {
  return z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MESSAGES.required : MESSAGES.numeric) })
      .int(MESSAGES.numeric)
      .min(min, MESSAGES.range(min, max))
      .max(max, MESSAGES.range(min, max)),
  );
}

/** A whole number in [min, max], or null/blank for "no limit". */
export function optionalWholeNumber(min: number, max: number) {
  return z.preprocess(
    (v) => (isBlank(v) ? null : toNumber(v)),
    z
      .number({ error: MESSAGES.numeric })
      .int(MESSAGES.numeric)
      .min(min, MESSAGES.range(min, max))
      .max(max, MESSAGES.range(min, max))
      .nullable(),
  );
}

/** A floating-point number: 'Invalid number' otherwise. */
export function floatNumber() {
  return z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MESSAGES.required : MESSAGES.float) })
      .finite(MESSAGES.float),
  );
}

const EARLIEST_DATE = Date.UTC(1900, 0, 1);
const LATEST_DATE = Date.UTC(10000, 0, 1) - 1;

/**
 * An ISO date and time with its offset, within years 1900 to 9999 in UTC: the format alone lets through
 * year 0000, or 9999-12-31 at -12:00 (year 10000 in UTC), which the database cannot store. Each check
 * stops the next, so a malformed date is told only that.
 */
export function dateTimeText(error: string = MESSAGES.invalidDate) {
  return z.iso.datetime({ offset: true, error, abort: true }).refine(
    (v) => {
      const time = Date.parse(v);
      return time >= EARLIEST_DATE && time <= LATEST_DATE;
    },
    { message: MESSAGES.dateOutOfRange, abort: true },
  );
}

/**
 * An ISO date-time later than `after()` (evaluated at parse time, so "later than now" stays true to the
 * clock), or null/blank for "no end".
 */
export function optionalDateAfter(after: () => Date, label = 'now') {
  return z.preprocess(
    (v) => (isBlank(v) ? null : v),
    dateTimeText()
      .refine((v) => new Date(v).getTime() > after().getTime(), MESSAGES.dateAfter(label))
      .nullable(),
  );
}

/** `true` only: a declaration the user must tick. */
export function mustBeTrue(message: string) {
  return z.literal(true, { error: message });
}
