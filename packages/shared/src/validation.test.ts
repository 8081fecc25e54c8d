import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from './messages';
import { registerBody, verifyOtpBody } from './schemas/auth';
import { eventsBody } from './schemas/watch';
import {
  dateTimeText,
  digitsText,
  emailField,
  floatNumber,
  freeText,
  optionalDateAfter,
  optionalText,
  optionalWholeNumber,
  requiredText,
  wholeNumber,
} from './validation';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('spec section 5 validation messages', () => {
  it('required', () => {
    expect(firstMessage(requiredText(), undefined)).toBe('Field is required');
    expect(firstMessage(requiredText(), '   ')).toBe('Field is required');
    expect(requiredText().parse('  Jane  ')).toBe('Jane');
  });

  it('exact, minimum and maximum length', () => {
    expect(firstMessage(requiredText({ exact: 6 }), 'abc')).toBe('This Field should have 6 characters');
    expect(firstMessage(requiredText({ min: 3 }), 'ab')).toBe('Minimum length 3 is required');
    expect(firstMessage(requiredText({ max: 4 }), 'abcde')).toBe('Length should not be greater then 4');
  });

  it('e-mail format, trimmed and lower-cased', () => {
    expect(firstMessage(emailField(), 'not-an-email')).toBe('invalid email');
    expect(firstMessage(emailField(), '')).toBe('Field is required');
    expect(emailField().parse('  Jane@Example.COM ')).toBe('jane@example.com');
  });

  it('digits only', () => {
    expect(firstMessage(digitsText(), '12a4')).toBe('It must be numeric');
    expect(firstMessage(digitsText(6), '12345')).toBe('This Field should have 6 characters');
    expect(digitsText(6).parse(' 123456 ')).toBe('123456');
  });

  it('in range, and numeric for text that is no number', () => {
    expect(firstMessage(wholeNumber(1, 10), 11)).toBe('It must be in range of 1 to 10.');
    expect(firstMessage(wholeNumber(1, 10), '0')).toBe('It must be in range of 1 to 10.');
    expect(firstMessage(wholeNumber(1, 10), 'five')).toBe('It must be numeric');
    expect(firstMessage(wholeNumber(1, 10), 2.5)).toBe('It must be numeric');
    expect(wholeNumber(1, 10).parse('7')).toBe(7);
  });

  it('optional whole number: blank means no limit', () => {
    expect(optionalWholeNumber(1, 1000).parse('')).toBeNull();
    expect(optionalWholeNumber(1, 1000).parse(null)).toBeNull();
    expect(firstMessage(optionalWholeNumber(1, 1000), 'x')).toBe('It must be numeric');
  });

  it('floating number', () => {
    expect(firstMessage(floatNumber(), 'abc')).toBe('Invalid number');
    expect(floatNumber().parse('2.5')).toBe(2.5);
  });

  it('English characters only', () => {
    const schema = requiredText({ english: true });
    expect(schema.parse('Film #1 / cut_2 & more+@.-')).toBe('Film #1 / cut_2 & more+@.-');
    expect(firstMessage(schema, 'Café')).toBe('Only English alphanumeric and special characters are allowed');
  });

  it('alphanumeric only', () => {
    expect(firstMessage(requiredText({ alphanumeric: true }), 'ab-12')).toBe(
      'Only alphanumeric characters are allowed',
    );
  });

  it('a date must be greater than a given date', () => {
    const now = () => new Date('2026-01-01T00:00:00Z');
    const schema = optionalDateAfter(now);
    expect(firstMessage(schema, '2025-12-31T23:00:00Z')).toBe(MESSAGES.dateAfter('now'));
    expect(schema.parse('2026-02-01T00:00:00Z')).toBe('2026-02-01T00:00:00Z');
    expect(schema.parse('')).toBeNull();
  });

  it('optional text: blank becomes null, rules still apply', () => {
    const schema = optionalText({ max: 3 });
    expect(schema.parse('  ')).toBeNull();
    expect(firstMessage(schema, 'abcd')).toBe('Length should not be greater then 3');
  });

  it('the other messages of the specification are verbatim', () => {
    expect(MESSAGES.nameAndDescription).toBe('Name and Description are required');
    expect(MESSAGES.alreadyInvited('a@b.co')).toBe(
      'there is already an invitation for a@b.co, so edit or extend access',
    );
    expect(MESSAGES.restrictedAccess).toBe('Restricted Access');
    expect(MESSAGES.invalidCode).toBe('Invalid Code');
    expect(MESSAGES.pageNotFound).toBe('This page could not be found');
    expect(MESSAGES.cannotAddVideo).toBe('Can not add the video');
    expect(MESSAGES.videoLimitReached(1).startsWith(`${MESSAGES.cannotAddVideo}: `)).toBe(true);
  });
});

describe('auth contracts', () => {
  it('registration requires the video-rights declaration', () => {
    const result = registerBody.safeParse({ name: 'Ana', email: 'ana@film.co', ownsVideoRights: false });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['ownsVideoRights'],
      message: MESSAGES.videoRights,
    });
    expect(registerBody.parse({ name: 'Ana', email: 'ANA@film.co', ownsVideoRights: true }).email).toBe(
      'ana@film.co',
    );
  });

  it('a one-time code is six digits', () => {
    expect(firstMessage(verifyOtpBody, { email: 'a@b.co', otp: '12345' })).toBe(
      'This Field should have 6 characters',
    );
    expect(firstMessage(verifyOtpBody, { email: 'a@b.co', otp: '12345x' })).toBe('It must be numeric');
  });
});

describe('viewer event data', () => {
  const event = (data: Record<string, unknown>) => ({
    events: [{ seq: 1, type: 'click', at: 1_700_000_000_000, position: 1, data }],
  });
  const refusal = (data: Record<string, unknown>) => firstMessage(eventsBody, event(data));
  const unstorable = 'data cannot contain NUL characters or broken Unicode';

  it('refuses what jsonb cannot store: NUL, and half a surrogate pair, in values and in keys', () => {
    expect(refusal({ target: 'a\u0000b' })).toBe(unstorable);
    expect(refusal({ target: 'x\ud83d' })).toBe(unstorable);
    expect(refusal({ target: '\ude00' })).toBe(unstorable);
    expect(refusal({ 'k\u0000': 1 })).toBe(unstorable);
    expect(refusal({ nested: { deeper: ['\\', '\ud800'] } })).toBe(unstorable);
  });

  it('accepts whole surrogate pairs and text that merely spells an escape', () => {
    expect(refusal({ target: 'Play 😀' })).toBeUndefined();
    expect(refusal({ target: 'a literal \\u0000 and \\ud800' })).toBeUndefined();
    expect(refusal({ target: '\\\\u0000' })).toBeUndefined();
    expect(refusal({ target: 'line\nbreak\ttab' })).toBeUndefined();
  });

  it('refuses data over 1000 characters', () => {
    expect(refusal({ target: 'x'.repeat(1000) })).toBe('data is too large (1000 characters at most)');
  });
});

describe('invisible direction controls', () => {
  it('are refused in any text, with a message that says what to remove', () => {
    const spoofed = 'Pat \u202Egnp.exe';
    expect(requiredText({ max: 100 }).safeParse(spoofed).error?.issues[0]?.message).toBe(
      MESSAGES.directionControls,
    );
    expect(optionalText({ max: 100 }).safeParse('Lea\u202B').success).toBe(false);
    // The isolates that apps wrap copied right-to-left names in are fine.
    expect(requiredText({ max: 100 }).safeParse('\u2067שלום\u2069').success).toBe(true);
    expect(requiredText({ max: 100 }).safeParse('Zoë Ünal – שלום').success).toBe(true);
  });
});

describe('what every stored text is checked for', () => {
  const messageOf = firstMessage;

  it('keeps names and subjects on one line; a mail content or a note may have several', () => {
    expect(messageOf(requiredText({ max: 200 }), 'Screener\r\nBcc: all@x.test')).toBe(MESSAGES.oneLine);
    expect(messageOf(optionalText({ max: 100 }), 'Lea\tCritic')).toBe(MESSAGES.oneLine);
    expect(requiredText({ max: 200, multiline: true }).safeParse('Dear Lea,\n\nHere it is.').success).toBe(
      true,
    );
    expect(freeText(5000).safeParse('A film\nin two lines').success).toBe(true);
  });

  it('refuses half an emoji (a lone surrogate), which would be stored as a replacement character', () => {
    expect(messageOf(requiredText({ max: 100 }), 'a\uD800b')).toBe(MESSAGES.unstorableText);
    expect(messageOf(freeText(200), 'cut \uD83C')).toBe(MESSAGES.unstorableText);
    expect(requiredText({ max: 100 }).safeParse('Première 🎬').success).toBe(true);
  });

  it('checks free texts (titles, descriptions) for direction controls too', () => {
    expect(messageOf(freeText(200), 'a\u202Eb')).toBe(MESSAGES.directionControls);
    expect(freeText(200).parse('  Harbour Lines  ')).toBe('Harbour Lines');
  });
});

describe('a value of the wrong type', () => {
  it('is named by what was expected, not in zod’s words', () => {
    expect(firstMessage(registerBody, { name: 12345, email: 'a@b.co', ownsVideoRights: true })).toBe(
      MESSAGES.wrongType.string,
    );
    expect(firstMessage(registerBody, { name: 'Ann', email: 'a@b.co', ownsVideoRights: 'yes' })).not.toMatch(
      /expected|received/,
    );
    expect(firstMessage(eventsBody, { events: {} })).toBe(MESSAGES.wrongType.array);
  });
});

describe('dateTimeText', () => {
  const messages = (input: unknown) => {
    const result = optionalDateAfter(() => new Date('2026-01-01T00:00:00Z')).safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('tells a malformed date only that it is malformed', () => {
    expect(messages('abc')).toEqual([MESSAGES.invalidDate]);
  });

  it('keeps to the years the database stores, in UTC, and then to the date it must follow', () => {
    expect(messages('0000-01-01T00:00:00+01:00')).toEqual([MESSAGES.dateOutOfRange]);
    expect(messages('9999-12-31T23:59:59.999-12:00')).toEqual([MESSAGES.dateOutOfRange]);
    expect(messages('1950-01-01T00:00:00Z')).toEqual([MESSAGES.dateAfter('now')]);
    expect(messages('9999-12-31T23:59:59Z')).toEqual([]);
    expect(dateTimeText().safeParse('1900-01-01T00:00:00Z').success).toBe(true);
  });
});
