import type { Presenter } from '@screenroom/shared/schemas/presenters';
import { describe, expect, it, vi } from 'vitest';
import { identifyPresenter, personPropertiesOf, startProductAnalytics } from './product-analytics';

const presenter: Presenter = {
  id: '6f1d3c1e-4b1e-4a8e-9a55-0c1a2b3c4d5e',
  email: 'ana@film.co',
  name: 'Ana Film',
  is_onboarding_completed: false,
  onboarding: { vimeo_linking: true, video_creation: false, screener_creation: false },
  rule_set: 'FREE',
  is_admin: false,
  timezone: 'Asia/Tokyo',
  theme: 'dark',
  player_settings: { autoPlay: false, syncingWithVideoPlayer: true, autoJumpToNextSession: true },
  vimeo_linked: false,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
};

describe('product analytics (PostHog)', () => {
  it('describes a presenter by plan, films and onboarding state', () => {
    expect(
      personPropertiesOf(presenter, { rule_set: 'PROFESSIONAL', usage: { videos: 3, tracking_links: 12 } }),
    ).toEqual({
      email: 'ana@film.co',
      name: 'Ana Film',
      plan: 'PROFESSIONAL',
      films: 3,
      tracking_links: 12,
      onboarding_state: 'video_creation',
      onboarding_steps_done: 1,
      is_admin: false,
    });
    expect(personPropertiesOf({ ...presenter, is_onboarding_completed: true }, undefined)).toMatchObject({
      plan: 'FREE',
      films: null,
      onboarding_state: 'completed',
    });
  });

  it('stays off without a key, and otherwise starts PostHog and identifies the presenter', async () => {
    const load = vi.fn();
    expect(await startProductAnalytics(null, load)).toBeUndefined();
    expect(load).not.toHaveBeenCalled();

    const client = { init: vi.fn(), identify: vi.fn(), reset: vi.fn() };
    await startProductAnalytics(
      { key: 'phc_test', host: 'https://eu.i.posthog.com' },
      async () => ({ default: client }) as never,
    );
    expect(client.init).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({
        api_host: 'https://eu.i.posthog.com',
        disable_session_recording: true,
        autocapture: false,
      }),
    );
    const properties = personPropertiesOf(presenter, undefined);
    identifyPresenter(presenter, properties);
    expect(client.identify).toHaveBeenCalledWith(presenter.id, properties);
  });
});

describe('addresses PostHog receives', () => {
  it('never carry the codes and tokens of sign-in links, Vimeo linking and market pages', async () => {
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const { startProductAnalytics: start } = await import('./product-analytics');
    const { default: posthog } = await import('posthog-js');
    const captured: { event: string; properties: Record<string, unknown> }[] = [];
    posthog.on('eventCaptured', (event) => captured.push(event));
    window.history.replaceState(null, '', '/autologin?code=sign-in-link-secret&utm_source=mail');
    await start({ key: 'phc_test', host: 'https://eu.i.posthog.com' });
    // The test browser's user agent reads as a bot to PostHog, which would send nothing.
    posthog.set_config({ opt_out_useragent_filter: true });
    posthog.capture('$pageview');
    window.history.replaceState(null, '', '/dialog-vimeo-linking?code=vimeo-oauth-code&state=signed-state');
    posthog.capture('$pageview');
    window.history.replaceState(null, '', '/market/FESTCODE2026');
    posthog.capture('$pageview');
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();

    const sent = JSON.stringify(captured);
    expect(captured.length).toBeGreaterThanOrEqual(3);
    expect(sent).toContain('/autologin');
    expect(sent).toContain('/market/:code');
    for (const secret of ['sign-in-link-secret', 'vimeo-oauth-code', 'signed-state', 'FESTCODE2026']) {
      expect(sent).not.toContain(secret);
    }
  });
});
