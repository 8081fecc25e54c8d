import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-messages';
import { MESSAGES } from './messages';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0]?.message;
};

describe("zod's words replaced by the spec's", () => {
  it('a missing field is required, whatever its type', () => {
    expect(messageOf(z.object({ secret: z.string() }), {})).toBe(MESSAGES.required);
    expect(messageOf(z.object({ events: z.array(z.number()) }), {})).toBe(MESSAGES.required);
  });

  it('numbers: not a number, not whole, out of bounds', () => {
    expect(messageOf(z.coerce.number(), {})).toBe(MESSAGES.numeric);
    expect(messageOf(z.number(), 'Infinity')).toBe(MESSAGES.numeric);
    expect(messageOf(z.number().int(), 1.5)).toBe(MESSAGES.notWholeNumber);
    expect(messageOf(z.number().int(), 1e308)).toBe(MESSAGES.numeric);
    expect(messageOf(z.number().max(86_400), 90_000)).toBe('It must be at most 86400');
    expect(messageOf(z.number().min(0), -1)).toBe('It must be at least 0');
    expect(messageOf(z.number().positive(), 0)).toBe('It must be more than 0');
    expect(messageOf(z.number().lt(5), 5)).toBe('It must be less than 5');
  });

  it('lengths and counts', () => {
    expect(messageOf(z.string().max(10), 'x'.repeat(11))).toBe('Length should not be greater then 10');
    expect(messageOf(z.string().min(16), 'short')).toBe('Minimum length 16 is required');
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toBe('At most 2 items are allowed');
    expect(messageOf(z.array(z.number()).min(1), [])).toBe('At least 1 item is required');
  });

  it('formats and choices', () => {
    expect(messageOf(z.iso.datetime(), 'yesterday')).toBe('Invalid date');
    expect(messageOf(z.object({ viewer_email: z.email().optional() }), { viewer_email: 123 })).toBe(
      MESSAGES.email,
    );
    expect(messageOf(z.enum(['asc', 'desc']), 'up')).toBe('Choose one of asc, desc');
    expect(messageOf(z.literal(true), false)).not.toMatch(/Choose one of/);
  });

  it("leaves a schema's own message alone", () => {
    expect(messageOf(z.string().max(3, 'Too long for a code'), 'abcd')).toBe('Too long for a code');
  });
});
