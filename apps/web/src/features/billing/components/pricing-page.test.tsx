import { MantineProvider } from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import type { PlansResponse, StripeProduct } from '@screenroom/shared/schemas/billing';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { PricingPage } from './pricing-page';

const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notifyError, notifySuccess: vi.fn() }));

const viewer = vi.hoisted(() => ({ isAdmin: false }));
vi.mock('../../auth/api/session', () => ({
  usePresenter: () => ({ is_admin: viewer.isAdmin, timezone: 'Europe/Paris' }),
}));

afterEach(() => {
  viewer.isAdmin = false;
  notifyError.mockClear();
});

const plan = (rule_set: 'FREE' | 'PROFESSIONAL', videos: number): PlansResponse['plans'][number] => ({
  rule_set,
  name: rule_set === 'FREE' ? 'Free' : 'Professional',
  description: '…',
  limits: { videos, watermark: rule_set === 'PROFESSIONAL' },
  price: null,
});

const product = (over: Partial<StripeProduct> = {}): StripeProduct => ({
  rule_set: 'FREE',
  name: 'Free',
  sources: ['none'],
  subscription: null,
  has_billing_account: false,
  limits: { videos: 1, watermark: false },
  usage: { videos: 1, tracking_links: 4 },
  professional_requested_at: null,
  ...over,
});

function serve(plans: PlansResponse, stripeProduct: StripeProduct) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/billing/plans') ? plans : { stripeProduct };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderPage() {
  // The app's own client (its toasts), without the retries that would only slow the test down.
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/pricing-plans']}>
          <PricingPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the pricing page', () => {
  it('says billing is not set up, and lets a presenter ask the administrators instead', async () => {
    serve(
      { billing_enabled: false, administrators: true, plans: [plan('FREE', 1), plan('PROFESSIONAL', 100)] },
      product(),
    );
    renderPage();
    expect(await screen.findByText(MESSAGES.billingNotConfigured)).toBeTruthy();
    const free = screen.getByTestId('plan-FREE');
    expect(within(free).getByTestId('current-plan')).toBeTruthy();
    const pro = screen.getByTestId('plan-PROFESSIONAL');
    expect(within(pro).queryByRole('button', { name: 'Upgrade to Professional' })).toBeNull();
    const ask = within(pro).getByRole('button', { name: 'Ask for Professional' });
    expect((ask as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('usage').textContent).toContain('1 of 1');
    expect(screen.queryByRole('link', { name: 'Grant it in Presenters' })).toBeNull();
  });

  it('offers no ask when the server has no administrator, and says how one is named', async () => {
    serve(
      { billing_enabled: false, administrators: false, plans: [plan('FREE', 1), plan('PROFESSIONAL', 100)] },
      product(),
    );
    renderPage();
    expect(
      await screen.findByText(`${MESSAGES.billingNotConfigured} ${MESSAGES.noAdministrators}`),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for Professional' })).toBeNull();
    expect(screen.getByTestId('no-administrators').textContent).toBe('No administrator to ask yet');
  });

  it('shows a request made today as asked, and offers to ask again after a day', async () => {
    const today = new Date(Date.now() - 3_600_000).toISOString();
    serve(
      { billing_enabled: false, administrators: true, plans: [plan('FREE', 1), plan('PROFESSIONAL', 100)] },
      product({ professional_requested_at: today }),
    );
    renderPage();
    const asked = await screen.findByRole('button', { name: /^Asked on / });
    expect((asked as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    serve(
      { billing_enabled: false, administrators: true, plans: [plan('FREE', 1), plan('PROFESSIONAL', 100)] },
      product({ professional_requested_at: new Date(Date.now() - 2 * 86_400_000).toISOString() }),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Ask again for Professional' })).toBeTruthy();
  });

  it('leads an administrator to Presenters, where the plan can be granted, when billing is off', async () => {
    viewer.isAdmin = true;
    serve(
      { billing_enabled: false, administrators: true, plans: [plan('FREE', 1), plan('PROFESSIONAL', 100)] },
      product(),
    );
    renderPage();
    const link = await screen.findByRole('link', { name: 'Grant it in Presenters' });
    expect(link.getAttribute('href')).toBe('/presenters');
    const upgrade = within(screen.getByTestId('plan-PROFESSIONAL')).getByRole('button', {
      name: 'Upgrade to Professional',
    });
    expect((upgrade as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Ask for Professional' })).toBeNull();
  });

  it('marks Professional as current for a presenter an administrator granted it to', async () => {
    serve(
      { billing_enabled: false, administrators: true, plans: [plan('FREE', 1), plan('PROFESSIONAL', 100)] },
      product({
        rule_set: 'PROFESSIONAL',
        name: 'Professional',
        sources: ['grant'],
        limits: { videos: 100, watermark: true },
      }),
    );
    renderPage();
    const pro = await screen.findByTestId('plan-PROFESSIONAL');
    expect(within(pro).getByTestId('current-plan')).toBeTruthy();
    expect(screen.getByText('An administrator gave you Professional.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Professional' })).toBeNull();
  });

  it('says the plans could not be loaded, once, and loads them on Try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'INTERNAL', message: 'Database is down' }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The plans could not be loaded' })).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    serve(
      { billing_enabled: false, plans: [plan('FREE', 1), plan('PROFESSIONAL', 10)] } as PlansResponse,
      product(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Professional' })).toBeTruthy();
  });
});
