import {
  type ComboboxItem,
  MultiSelect,
  NumberInput,
  type OptionsFilter,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRY_CODES, countryName } from '@screenroom/shared/countries';
import { MESSAGES } from '@screenroom/shared/messages';
import { optionalEmailField, optionalText } from '@screenroom/shared/validation';
import { useState } from 'react';
import type { z } from 'zod';
import { useSmallPhone } from '../lib/use-phone';
import { fromWallClock, toWallClock } from '../lib/zoned-time';

export type LimitValues = {
  usage_limit: number | string;
  /** An instant (ISO); the picker shows it in the presenter's time zone. */
  ends_at: string | null;
  geo_type: 'none' | 'allow' | 'block';
  geo_countries: string[];
};

export const emptyLimits: LimitValues = {
  usage_limit: '',
  ends_at: null,
  geo_type: 'none',
  geo_countries: [],
};

export function limitsFrom(link: {
  usage_limit: number | null;
  ends_at: string | null;
  geo_restriction?: { type: 'none' | 'allow' | 'block'; countries: string[] };
}): LimitValues {
  return {
    usage_limit: link.usage_limit ?? '',
    ends_at: link.ends_at,
    geo_type: link.geo_restriction?.type ?? 'none',
    geo_countries: link.geo_restriction?.countries ?? [],
  };
}

/** The form's values as the API takes them (blank limit = unlimited, no date = no end). */
export function limitsToApi(v: LimitValues, withGeo = true) {
  return {
    usage_limit: v.usage_limit === '' ? null : Number(v.usage_limit),
    ends_at: v.ends_at,
    ...(withGeo
      ? { geo_restriction: { type: v.geo_type, countries: v.geo_type === 'none' ? [] : v.geo_countries } }
      : {}),
  };
}

/** The form's own check of the rule the API enforces, so the message shows under the field at once. */
export const limitsValidation = {
  geo_countries: (chosen: string[], values: LimitValues) =>
    values.geo_type !== 'none' && chosen.length === 0 ? MESSAGES.geoCountriesRequired : null,
};

/** A form rule from one of the API's own field schemas: the words the API would answer, or null. */
const apiRule = (schema: z.ZodType) => (value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

/**
 * A viewer's name and e-mail checked as the API checks them, and the limits: a mistyped address is
 * said under its field before any request (the API's refusal came as a toast and the field at once).
 */
export const viewerAndLimitsValidation = {
  ...limitsValidation,
  viewer_name: apiRule(optionalText({ max: 100 })),
  viewer_email: apiRule(optionalEmailField()),
};

const countries = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

/**
 * Countries whose name starts with what was typed come first, then those that only contain it: Enter
 * takes the first, so "Neth" chooses the Netherlands rather than Caribbean Netherlands.
 */
const countriesFilter: OptionsFilter = ({ options, search }) => {
  const typed = search.trim().toLowerCase();
  const items = options as ComboboxItem[];
  if (!typed) return items;
  const named = (item: ComboboxItem) => item.label.toLowerCase();
  return [
    ...items.filter((item) => named(item).startsWith(typed)),
    ...items.filter((item) => !named(item).startsWith(typed) && named(item).includes(typed)),
  ];
};

/**
 * Side by side, each field's hint goes under it: above, a hint of two lines (the limit's) pushed its field
 * below its neighbour's.
 */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** Usage limit, end date and (optionally) a country rule: the limits every kind of link shares. */
export function LinkLimitsFields<T extends LimitValues>({
  form,
  withGeo = true,
  usageLabel = 'Viewing limit',
  usageDescription = 'How many times the link can be opened. Leave empty for no limit.',
  timezone: tz,
  autoFocus = false,
}: {
  form: UseFormReturnType<T>;
  withGeo?: boolean;
  usageLabel?: string;
  usageDescription?: string;
  /** The presenter's time zone: the end time is picked as a wall clock there. */
  timezone: string;
  /** The dialog around these fields starts on the first (Mantine's Modal looks for data-autofocus). */
  autoFocus?: boolean;
}) {
  const f = form as unknown as UseFormReturnType<LimitValues>;
  const { geo_type: geo, ends_at: endsAt } = f.getValues();
  // Side by side in a phone's dialog, "Everywhere but…" was cut short: stacked, each reads whole.
  const phone = useSmallPhone();
  const [countrySearch, setCountrySearch] = useState('');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          inputWrapperOrder={HINT_BELOW}
          label={usageLabel}
          description={usageDescription}
          data-autofocus={autoFocus || undefined}
          placeholder="No limit"
          min={1}
          max={100000}
          allowDecimal={false}
          allowNegative={false}
          {...f.getInputProps('usage_limit')}
        />
        <DateTimePicker
          inputWrapperOrder={HINT_BELOW}
          label="Ends"
          description="After this moment the link stops working."
          placeholder="No end date"
          clearable
          minDate={toWallClock(new Date(), tz)}
          // A day picked means to the end of that day, not the minute it was picked (already past on saving).
          defaultTimeValue={endsAt ? undefined : '23:59'}
          valueFormat="D MMM YYYY, HH:mm"
          {...f.getInputProps('ends_at')}
          value={endsAt ? toWallClock(endsAt, tz) : null}
          onChange={(v) => f.setFieldValue('ends_at', v ? fromWallClock(v, tz) : null)}
        />
      </SimpleGrid>
      {withGeo && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Countries
          </Text>
          <SegmentedControl
            aria-label="Countries"
            orientation={phone ? 'vertical' : 'horizontal'}
            fullWidth={phone}
            data={[
              { value: 'none', label: 'Anywhere' },
              { value: 'allow', label: 'Only in…' },
              { value: 'block', label: 'Everywhere but…' },
            ]}
            {...f.getInputProps('geo_type')}
          />
          {geo !== 'none' && (
            <MultiSelect
              data={countries}
              searchable
              clearable
              filter={countriesFilter}
              searchValue={countrySearch}
              onSearchChange={setCountrySearch}
              // What was typed is already a choice: Enter takes it instead of sending the form. With
              // nothing typed (a country just taken), Enter takes nothing: it took Afghanistan.
              selectFirstOptionOnChange={countrySearch.trim() !== ''}
              placeholder="Choose countries"
              aria-label="Countries"
              nothingFoundMessage="No country by that name"
              {...f.getInputProps('geo_countries')}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
