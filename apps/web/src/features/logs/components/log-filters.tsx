import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { SEARCH_MAX_LENGTH } from '@screenroom/shared/constants';
import '@mantine/dates/styles.css';
import { useDebouncedValue } from '@mantine/hooks';
import { LOG_LEVELS, LOG_TYPES } from '@screenroom/shared/enums';
import type { LogFacets } from '@screenroom/shared/schemas/logs';
import { IconCalendar, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { todayIn } from '../../../lib/zoned-time';
import { usePresenter } from '../../auth/api/session';
import { logModuleLabel, logTypeLabel } from '../log-labels';

export type LogFilterValues = {
  level: string | null;
  type: string | null;
  module: string | null;
  /** Days, YYYY-MM-DD, in the presenter's time zone. */
  fromDay: string | null;
  toDay: string | null;
  search: string;
};

export const NO_FILTERS: LogFilterValues = {
  level: null,
  type: null,
  module: null,
  fromDay: null,
  toDay: null,
  search: '',
};

const options = (values: readonly string[], label: (value: string) => string) =>
  [...new Set(values)]
    .map((v) => ({ value: v, label: label(v) }))
    .sort((a, b) => a.label.localeCompare(b.label));

type Props = {
  value: LogFilterValues;
  facets: LogFacets | undefined;
  onChange: (next: LogFilterValues) => void;
};

/** Level, type, module, period and free text; the text is sent once typing pauses. */
export function LogFilters({ value, facets, onChange }: Props) {
  const tz = usePresenter().timezone;
  const [search, setSearch] = useState(value.search);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== value.search) onChange({ ...value, search: debounced });
  }, [debounced, value, onChange]);
  useEffect(() => setSearch(value.search), [value.search]);

  const active = JSON.stringify({ ...value, search }) !== JSON.stringify(NO_FILTERS);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Message, e-mail, film, request id, IP"
        leftSection={<IconSearch size={16} />}
        maxLength={SEARCH_MAX_LENGTH}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      <Select
        label="Level"
        placeholder="Any level"
        data={LOG_LEVELS.map((l) => ({ value: l, label: l }))}
        value={value.level}
        onChange={(level) => onChange({ ...value, level })}
        clearable
        w={{ base: '48%', sm: 130 }}
      />
      <Select
        label="Type"
        placeholder="Any type"
        data={options([...LOG_TYPES, ...(facets?.types ?? [])], logTypeLabel)}
        value={value.type}
        onChange={(type) => onChange({ ...value, type })}
        clearable
        searchable
        w={{ base: '48%', sm: 150 }}
      />
      <Select
        label="Module"
        placeholder="Any module"
        data={options(facets?.modules ?? [], logModuleLabel)}
        value={value.module}
        onChange={(module) => onChange({ ...value, module })}
        clearable
        searchable
        nothingFoundMessage="No entries from such a module"
        w={{ base: '48%', sm: 150 }}
      />
      <DatePickerInput
        type="range"
        label="Period"
        placeholder="Any time"
        leftSection={<IconCalendar size={16} />}
        value={[value.fromDay, value.toDay]}
        onChange={([fromDay, toDay]) => {
          // A range applies once both ends are chosen; clearing it applies at once.
          if ((fromDay && toDay) || (!fromDay && !toDay)) onChange({ ...value, fromDay, toDay });
        }}
        clearable
        allowSingleDateInRange
        maxDate={todayIn(tz)}
        w={{ base: '48%', sm: 240 }}
      />
      {active && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => {
            setSearch('');
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
