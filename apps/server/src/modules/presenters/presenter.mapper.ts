import type { Presenter } from '@screenroom/shared/schemas/presenters';
import type { PresenterRow } from '../../db/schema/presenters';

/** The API's view of a presenter: never the stored secrets (Vimeo token), only whether they exist. */
export function toPresenterDto(row: PresenterRow, isAdmin: boolean): Presenter {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    is_onboarding_completed: row.isOnboardingCompleted,
    onboarding: row.onboarding,
    rule_set: row.ruleSet,
    is_admin: isAdmin,
    timezone: row.timezone,
    theme: row.theme,
    player_settings: row.playerSettings,
    vimeo_linked: row.vimeoAccessTokenEnc !== null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}
