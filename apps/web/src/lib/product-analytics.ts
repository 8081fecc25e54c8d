import type { AppConfig } from '@screenroom/shared/schemas/app-config';
import type { Presenter } from '@screenroom/shared/schemas/presenters';
import { SECRET_QUERY_PARAMETERS } from '@screenroom/shared/secret-query-parameters';

type PostHog = typeof import('posthog-js')['default'];
let posthog: PostHog | undefined;

/** The person properties PostHog keeps for a presenter: plan, films and onboarding state. */
export function personPropertiesOf(
  presenter: Presenter,
  plan: { rule_set: string; usage: { videos: number; tracking_links: number } } | undefined,
) {
  const steps = Object.entries(presenter.onboarding);
  const done = steps.filter(([, finished]) => finished).length;
  return {
    email: presenter.email,
    name: presenter.name,
    plan: plan?.rule_set ?? presenter.rule_set,
    films: plan?.usage.videos ?? null,
    tracking_links: plan?.usage.tracking_links ?? null,
    onboarding_state: presenter.is_onboarding_completed
      ? 'completed'
      : (steps.find(([, finished]) => !finished)?.[0] ?? 'finishing'),
    onboarding_steps_done: done,
    is_admin: presenter.is_admin,
  };
}

/** A market's public page carries its code in the path, and the code is all an attendee needs. */
const MARKET_CODE_IN_PATH = /(\/market\/)[^/?#\s]+/g;

type Captured = {
  properties: Record<string, unknown>;
  $set?: Record<string, unknown>;
  $set_once?: Record<string, unknown>;
};

/**
 * Every address PostHog is about to send (the page's, the referrer, the first page of a visit) with a
 * market's code in the path replaced by `:code`. Query parameters are masked by PostHog itself.
 */
function withoutCodesInPaths<T extends Captured>(event: T): T {
  for (const bag of [event.properties, event.$set, event.$set_once]) {
    if (!bag) continue;
    for (const [key, value] of Object.entries(bag)) {
      if (typeof value === 'string' && value.includes('/market/'))
        bag[key] = value.replace(MARKET_CODE_IN_PATH, '$1:code');
    }
  }
  return event;
}

/** PostHog when the server has POSTHOG_KEY; loaded on demand. */
export async function startProductAnalytics(config: AppConfig['posthog'], load = () => import('posthog-js')) {
  if (!config || posthog) return posthog;
  const { default: client } = await load();
  client.init(config.key, {
    api_host: config.host,
    person_profiles: 'identified_only',
    capture_pageview: 'history_change',
    autocapture: false,
    disable_session_recording: true,
    disable_surveys: true,
    // The Content-Security-Policy allows no third-party scripts: everything PostHog needs is bundled.
    disable_external_dependency_loading: true,
    // Codes and tokens in addresses never leave the browser: a sign-in link's `code`, Vimeo linking's
    // `code` and `state`. PostHog's own list masks only ad-click ids: pageviews sent these in full.
    mask_personal_data_properties: true,
    custom_personal_data_properties: [...SECRET_QUERY_PARAMETERS],
    before_send: withoutCodesInPaths,
  });
  posthog = client;
  return client;
}

export function identifyPresenter(presenter: Presenter, properties: ReturnType<typeof personPropertiesOf>) {
  posthog?.identify(presenter.id, properties);
}

export function forgetPresenter() {
  posthog?.reset();
}
