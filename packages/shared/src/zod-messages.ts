import { z } from 'zod';
import { MESSAGES } from './messages';

/** A number's bound; .int() bounds at the largest safe integer, which for a person is no number at all. */
function numberBound(
  bound: number,
  inclusive: boolean | undefined,
  inclusiveWords: (n: number) => string,
  exclusiveWords: (n: number) => string,
) {
  if (Math.abs(bound) >= Number.MAX_SAFE_INTEGER) return MESSAGES.numeric;
  return inclusive === false ? exclusiveWords(bound) : inclusiveWords(bound);
}

/**
 * The words for what a schema did not name itself: zod's defaults read "Invalid input: expected string,
 * received undefined" or "Too big: expected string to have <=10 characters". These follow the spec's
 * rules (section 5) where one applies. A message a schema sets still wins.
 */
export const issueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MESSAGES.required;
      if ((issue.inst?._zod.def as { format?: string } | undefined)?.format === 'email')
        return MESSAGES.email;
      if (issue.expected === 'int' && typeof issue.input === 'number' && Number.isFinite(issue.input))
        return MESSAGES.notWholeNumber;
      if (issue.expected === 'number' || issue.expected === 'int') return MESSAGES.numeric;
      return MESSAGES.wrongType[issue.expected as keyof typeof MESSAGES.wrongType];
    case 'too_big':
      if (issue.origin === 'string') return MESSAGES.maxLength(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return MESSAGES.tooManyItems(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'int')
        return numberBound(Number(issue.maximum), issue.inclusive, MESSAGES.atMost, MESSAGES.lessThan);
      return undefined;
    case 'too_small':
      if (issue.origin === 'string') return MESSAGES.minLength(Number(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set') return MESSAGES.tooFewItems(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'int')
        return numberBound(Number(issue.minimum), issue.inclusive, MESSAGES.atLeast, MESSAGES.moreThan);
      return undefined;
    case 'invalid_format':
      if (issue.format === 'datetime' || issue.format === 'date') return MESSAGES.invalidDate;
      if (issue.format === 'email') return MESSAGES.email;
      return undefined;
    case 'invalid_value':
      // A choice among words (an enum); a literal such as `true` is worded by its schema.
      return issue.values.length > 1 && issue.values.every((v) => typeof v === 'string')
        ? MESSAGES.oneOf(issue.values)
        : undefined;
    default:
      return undefined;
  }
};

z.config({ customError: issueMessage });
