import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../constants';
import { RULE_SETS } from '../enums';
import { MESSAGES } from '../messages';
import { pageQueryFields } from './common';

export const adminPresentersQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH, MESSAGES.maxLength(SEARCH_MAX_LENGTH)).optional(),
  plan: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(RULE_SETS, { error: 'plan must be FREE or PROFESSIONAL' }).optional(),
  ),
  ...pageQueryFields(20),
});
export type AdminPresentersQuery = z.infer<typeof adminPresentersQuery>;

/** A presenter as administrators see them: plan and how it is held, films, links and sign-ins. */
export const adminPresenterSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    rule_set: z.enum(RULE_SETS),
    subscribed: z.boolean().describe('Holds an active Stripe subscription to Professional'),
    granted: z.boolean().describe('Holds Professional through an administrator'),
    professional_requested_at: z.iso
      .datetime()
      .nullable()
      .describe('When they last asked the administrators for Professional (billing off), or null'),
    is_admin: z.boolean(),
    is_onboarding_completed: z.boolean(),
    films: z.number().int(),
    tracking_links: z.number().int(),
    created_at: z.iso.datetime(),
    last_login_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminPresenter' });
export type AdminPresenter = z.infer<typeof adminPresenterSchema>;

export const setPlanBody = z
  .object({ rule_set: z.enum(RULE_SETS, { error: 'rule_set must be FREE or PROFESSIONAL' }) })
  .meta({ id: 'SetPlan' });
export type SetPlanBody = z.infer<typeof setPlanBody>;

export const adminPresenterResponse = z.object({ presenter: adminPresenterSchema });
