import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@screenroom/shared/messages';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyLimits,
  type LimitValues,
  LinkLimitsFields,
  limitsFrom,
  limitsToApi,
  limitsValidation,
  viewerAndLimitsValidation,
} from './link-limits-fields';

afterEach(() => {
  vi.restoreAllMocks();
});

function screenWidth({ phone }: { phone: boolean }) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: phone && query === '(max-width: 30em)',
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as never,
  );
}

function CountryRule() {
  const form = useForm<LimitValues>({ mode: 'controlled', initialValues: emptyLimits });
  return <LinkLimitsFields form={form} timezone="UTC" />;
}

describe('the country rule’s choice', () => {
  // On a phone, three choices side by side left "Everywhere but…" cut short.
  it('stacks its three choices on a phone', () => {
    screenWidth({ phone: true });
    render(
      <MantineProvider>
        <CountryRule />
      </MantineProvider>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Countries' }).getAttribute('data-orientation')).toBe(
      'vertical',
    );
  });

  it('keeps them side by side on a wider screen', () => {
    screenWidth({ phone: false });
    render(
      <MantineProvider>
        <CountryRule />
      </MantineProvider>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Countries' }).getAttribute('data-orientation')).toBe(
      'horizontal',
    );
  });
});

function Fields({ initial }: { initial: LimitValues }) {
  const form = useForm<LimitValues>({ mode: 'controlled', initialValues: initial });
  return <LinkLimitsFields form={form} withGeo={false} timezone="Asia/Tokyo" />;
}

describe('link limits', () => {
  const link = { usage_limit: null, ends_at: '2026-12-01T12:00:00.000Z' };

  it('shows the end in the presenter’s time zone, as the rest of the app does', () => {
    render(
      <MantineProvider>
        <Fields initial={limitsFrom(link)} />
      </MantineProvider>,
    );
    expect(screen.getByText('1 Dec 2026, 21:00')).toBeTruthy();
  });

  it('keeps the end as an instant between the API and the form', () => {
    expect(limitsToApi(limitsFrom(link), false)).toEqual({ usage_limit: null, ends_at: link.ends_at });
  });

  it('asks for a country under the field when a country rule has none', () => {
    const submitted: LimitValues[] = [];
    function GeoForm() {
      const form = useForm<LimitValues>({
        mode: 'controlled',
        initialValues: { ...emptyLimits, geo_type: 'allow' },
        validate: limitsValidation,
      });
      return (
        <form
          onSubmit={form.onSubmit((v) => {
            submitted.push(v);
          })}
        >
          <LinkLimitsFields form={form} timezone="UTC" />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(
      <MantineProvider>
        <GeoForm />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.geoCountriesRequired)).toBeTruthy();
    expect(submitted).toHaveLength(0);
  });

  // A mistyped address went to the server, which answered with a toast and the same words under the
  // field at once: it is now said under the field alone, before any request.
  it('says a mistyped viewer e-mail under its field and does not send the form', () => {
    const submitted: unknown[] = [];
    function ViewerForm() {
      const form = useForm<LimitValues & { viewer_name: string; viewer_email: string }>({
        mode: 'controlled',
        initialValues: { viewer_name: 'Jane', viewer_email: 'jane@campion', ...emptyLimits },
        validate: viewerAndLimitsValidation,
      });
      return (
        <form
          onSubmit={form.onSubmit((v) => {
            submitted.push(v);
          })}
        >
          <input aria-label="E-mail" {...form.getInputProps('viewer_email')} />
          {form.errors.viewer_email && <p>{form.errors.viewer_email}</p>}
          <button type="submit">Save</button>
        </form>
      );
    }
    render(
      <MantineProvider>
        <ViewerForm />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.email)).toBeTruthy();
    expect(submitted).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveLength(1);
  });

  it('lets a rule-free link through', () => {
    const values = { ...emptyLimits, geo_type: 'none' as const };
    expect(limitsValidation.geo_countries([], values)).toBeNull();
    expect(limitsValidation.geo_countries(['FR'], { ...values, geo_type: 'block' })).toBeNull();
  });
});

describe('choosing countries by typing', () => {
  function GeoRule({ onSubmit }: { onSubmit: (v: LimitValues) => void }) {
    const form = useForm<LimitValues>({
      mode: 'controlled',
      initialValues: { ...emptyLimits, geo_type: 'allow' },
      validate: limitsValidation,
    });
    return (
      <form onSubmit={form.onSubmit(onSubmit)}>
        <LinkLimitsFields form={form} timezone="UTC" />
        <span data-testid="chosen">{form.getValues().geo_countries.join(',')}</span>
      </form>
    );
  }

  // Typing a country and pressing Enter sent the form (and asked for a country) instead of choosing it;
  // and "Neth" should mean the Netherlands, not Caribbean Netherlands, which sorts first.
  it('chooses the country whose name starts with what was typed when Enter is pressed', async () => {
    screenWidth({ phone: false });
    const submitted: LimitValues[] = [];
    render(
      <MantineProvider>
        <GeoRule onSubmit={(v) => submitted.push(v)} />
      </MantineProvider>,
    );
    const field = screen.getByPlaceholderText('Choose countries');
    field.focus();
    const typeThenEnter = async (text: string) => {
      // Typed a letter at a time: the list opens with the first, and follows the rest.
      fireEvent.change(field, { target: { value: text[0] } });
      await waitFor(() => expect(screen.getAllByRole('option', { hidden: true }).length).toBeGreaterThan(0));
      fireEvent.change(field, { target: { value: text } });
      fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
    };
    await typeThenEnter('Neth');
    expect(screen.getByTestId('chosen').textContent).toBe('NL');
    await typeThenEnter('united');
    // Several names start with it: the first of those in the list.
    expect(screen.getByTestId('chosen').textContent).toBe('NL,AE');
    // With nothing typed, Enter does not take the first country of the list (Afghanistan).
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).not.toContain('AF');
    expect(screen.queryByText(MESSAGES.geoCountriesRequired)).toBeNull();
    expect(submitted).toHaveLength(0);
  });
});
