import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type LimitValues, LinkLimitsFields, limitsFrom, limitsToApi } from './link-limits-fields';

afterEach(cleanup);

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
});
