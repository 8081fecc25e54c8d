import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../constants';
import { DEFAULT_TIMEZONE, ONBOARDING_STEPS, RULE_SETS, THEMES } from '../enums';
import { currentZoneName, isKnownTimeZone } from '../time-zones';
import { requiredText } from '../validation';
import { pageQueryFields } from './common';

export const playerSettingsSchema = z
  .object({
    autoPlay: z.boolean(),
    syncingWithVideoPlayer: z.boolean(),
    autoJumpToNextSession: z.boolean(),
  })
  .meta({ id: 'SessionPlayerSettings' });
export type PlayerSettings = z.infer<typeof playerSettingsSchema>;

export const onboardingStateSchema = z.object({
  vimeo_linking: z.boolean(),
  video_creation: z.boolean(),
  screener_creation: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

export const presenterSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    is_onboarding_completed: z.boolean(),
    onboarding: onboardingStateSchema,
    rule_set: z.enum(RULE_SETS),
    is_admin: z.boolean(),
    timezone: z.string(),
    theme: z.enum(THEMES),
    player_settings: playerSettingsSchema,
    vimeo_linked: z.boolean(),
    created_at: z.iso.datetime(),
    last_login_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Presenter' });
export type Presenter = z.infer<typeof presenterSchema>;

export const presenterResponse = z.object({ presenter: presenterSchema });

/** A zone of the list (abbreviations such as EST are not), kept under its current name. */
export const timeZoneField = z
  .string()
  .max(64)
  .refine(isKnownTimeZone, 'Choose a time zone from the list')
  .transform(currentZoneName);

const profileFields = {
  // As at registration.
  name: requiredText({ min: 2, max: 100 }),
  timezone: timeZoneField,
  theme: z.enum(THEMES),
};

/** The profile form (/settings/profile): every field at once. */
export const profileForm = z.object(profileFields);
export type ProfileForm = z.infer<typeof profileForm>;

export const updatePresenterBody = z
  .object({
    ...profileFields,
    player_settings: playerSettingsSchema.partial(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update')
  .meta({ id: 'UpdatePresenter' });
export type UpdatePresenterBody = z.infer<typeof updatePresenterBody>;

export const DEFAULT_PRESENTER_TIMEZONE = DEFAULT_TIMEZONE;

/** `finished` closes onboarding (is_onboarding_completed) once the three steps are done. */
export const ONBOARDING_FINISH = 'finished' as const;
export const updateOnboardingBody = z
  .object({
    step: z.enum([...ONBOARDING_STEPS, ONBOARDING_FINISH]),
    completed: z.boolean(),
  })
  .meta({ id: 'UpdateOnboardingState' });
export type UpdateOnboardingBody = z.infer<typeof updateOnboardingBody>;

export const presentersListQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  ...pageQueryFields(20),
});
