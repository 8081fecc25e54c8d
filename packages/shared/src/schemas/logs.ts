import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../constants';
import { LOG_LEVELS } from '../enums';
import { MESSAGES } from '../messages';
import { dateTimeText } from '../validation';
import { pageQueryFields } from './common';

/** Query parameters sent blank by a form mean "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const name = z
  .string()
  .trim()
  .max(60, MESSAGES.maxLength(60))
  .regex(/^[\w.-]+$/, 'Use letters, digits, dots, dashes or underscores');

const dateTime = dateTimeText('Give a date and time such as 2026-05-01T00:00:00Z');

export const logsQuery = z
  .object({
    ...pageQueryFields(25),
    level: z.preprocess(
      blankToUndefined,
      z.enum(LOG_LEVELS, { error: `Choose one of ${LOG_LEVELS.join(', ')}` }).optional(),
    ),
    type: z.preprocess(blankToUndefined, name.optional()),
    module: z.preprocess(blankToUndefined, name.optional()),
    from: z.preprocess(blankToUndefined, dateTime.optional()),
    to: z.preprocess(blankToUndefined, dateTime.optional()),
    search: z.preprocess(
      blankToUndefined,
      z.string().trim().max(SEARCH_MAX_LENGTH, MESSAGES.maxLength(SEARCH_MAX_LENGTH)).optional(),
    ),
  })
  .refine((q) => !q.from || !q.to || new Date(q.to) > new Date(q.from), {
    message: MESSAGES.logsDateRange,
    path: ['to'],
  });
export type LogsQuery = z.infer<typeof logsQuery>;

/** The specification's Log entity, every field. */
export const logEntrySchema = z
  .object({
    id: z.number().int(),
    timestamp: z.iso.datetime(),
    level: z.enum(LOG_LEVELS),
    type: z.string(),
    module: z.string(),
    message: z.string(),
    video_id: z.uuid().nullable(),
    video_title: z.string().nullable(),
    context: z.record(z.string(), z.unknown()).nullable(),
    stack_trace: z.string().nullable().describe('Shown to administrators only'),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    user_id: z.uuid().nullable(),
    user_email: z.string().nullable(),
    request_id: z.string().nullable(),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .meta({ id: 'LogEntry' });
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logFacetsResponse = z.object({
  types: z.array(z.string()),
  modules: z.array(z.string()),
});
export type LogFacets = z.infer<typeof logFacetsResponse>;
