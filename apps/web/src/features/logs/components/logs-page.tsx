import {
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { LogEntry, LogsQuery } from '@screenroom/shared/schemas/logs';
import { IconFileText } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { formatInZone, NO_VALUE } from '../../../lib/format';
import { useTabletOrNarrower } from '../../../lib/use-phone';
import { dayBounds } from '../../../lib/zoned-time';
import { usePresenter } from '../../auth/api/session';
import { useLogFacets } from '../api/get-log-facets';
import { type LogScope, useLogs } from '../api/list-logs';
import { logModuleLabel, logTypeLabel } from '../log-labels';
import { LevelBadge } from './level-badge';
import { LogDetailDrawer } from './log-detail-drawer';
import { LogFilters, type LogFilterValues } from './log-filters';

const PAGE_SIZE = 25;
/** Columns as narrow as their content; the message takes the rest. */
const narrow = { width: '1%', whiteSpace: 'nowrap' } as const;
const FILTER_KEYS = ['level', 'type', 'module', 'from', 'to', 'search'] as const;
// As every other date in the app ("26 Nov 2026, 14:05"), with seconds: entries come close together.
const TIME_FORMAT = 'D MMM YYYY, HH:mm:ss';

/** Filters live in the address, so a filtered view survives a reload and can be shared. */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const filters: LogFilterValues = {
    level: params.get('level'),
    type: params.get('type'),
    module: params.get('module'),
    fromDay: params.get('from'),
    toDay: params.get('to'),
    search: params.get('search') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setFilters = useCallback(
    (next: LogFilterValues) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          const values = {
            level: next.level,
            type: next.type,
            module: next.module,
            from: next.fromDay,
            to: next.toDay,
            search: next.search,
          };
          for (const key of FILTER_KEYS) {
            const v = values[key];
            if (v) p.set(key, v);
            else p.delete(key);
          }
          p.delete('page');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = (n: number) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set('page', String(n));
      return p;
    });
  return { filters, page, setFilters, setPage };
}

/** The API query of the filters: whole days in the presenter's time zone. */
function toQuery(filters: LogFilterValues, page: number, tz: string): Partial<LogsQuery> {
  return {
    page,
    limit: PAGE_SIZE,
    level: (filters.level ?? undefined) as LogsQuery['level'],
    type: filters.type ?? undefined,
    module: filters.module ?? undefined,
    from: filters.fromDay ? dayBounds(filters.fromDay, tz).from : undefined,
    to: filters.toDay ? dayBounds(filters.toDay, tz).to : undefined,
    search: filters.search.trim() || undefined,
  };
}

function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: 8 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i}>
      {Array.from({ length: columns }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={j}>
          <Skeleton h={14} w={j === 4 ? 260 : 70} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

type EntryProps = { entry: LogEntry; showUser: boolean; tz: string; onOpen: () => void };

function LogRow({ entry, showUser, tz, onOpen }: EntryProps) {
  return (
    <Table.Tr data-testid="log-row" onClick={onOpen} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatInZone(entry.timestamp, tz, TIME_FORMAT)}
        </Text>
      </Table.Td>
      <Table.Td>
        <LevelBadge level={entry.level} />
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{logTypeLabel(entry.type)}</Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {logModuleLabel(entry.module)}
        </Text>
      </Table.Td>
      <Table.Td>
        <UnstyledButton
          onClick={(e) => {
            e.stopPropagation();
            onOpen();
          }}
          aria-label={`Open log entry: ${entry.message}`}
          w="100%"
          display="block"
        >
          {/* Two lines: a refusal names the viewer, the country and the rule, and one line cut it short. */}
          <Text fz="sm" lineClamp={2}>
            {entry.message}
          </Text>
        </UnstyledButton>
      </Table.Td>
      {showUser && (
        <Table.Td>
          <Text fz="sm" c="dimmed" truncate maw={220}>
            {entry.user_email ?? NO_VALUE}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <Text fz="sm" c="dimmed" truncate maw={180}>
          {entry.video_title ?? NO_VALUE}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

const WHOLE = { whiteSpace: 'nowrap' } as const;

/**
 * A log entry as one tappable line, for narrow screens. Its name is all it shows (time, type, module,
 * level, message, who and which film): a name of the message alone left out words a voice user sees.
 */
function LogItem({ entry, showUser, tz, onOpen }: EntryProps) {
  return (
    <UnstyledButton onClick={onOpen} p="md" display="block" w="100%" data-testid="log-row">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          {/* Short of room it wraps between the parts, never inside one ("Sign-" over "in"). */}
          <Text fz="xs" c="dimmed">
            <span style={WHOLE}>{formatInZone(entry.timestamp, tz, TIME_FORMAT)}</span> ·{' '}
            <span style={WHOLE}>{logTypeLabel(entry.type)}</span> ·{' '}
            <span style={WHOLE}>{logModuleLabel(entry.module)}</span>
          </Text>
          <LevelBadge level={entry.level} />
        </Group>
        <Text fz="sm" lineClamp={2}>
          {entry.message}
        </Text>
        {(showUser && entry.user_email) || entry.video_title ? (
          <Text fz="xs" c="dimmed" truncate>
            {[showUser ? entry.user_email : null, entry.video_title].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
      </Stack>
    </UnstyledButton>
  );
}

type Props = { scope: LogScope; isAdmin: boolean };

/** /logs (your entries) and /logs/all (administrators): filters, paging, and a detail drawer. */
export function LogsPage({ scope, isAdmin }: Props) {
  const navigate = useNavigate();
  const tz = usePresenter().timezone;
  const { filters, page, setFilters, setPage } = useFilterParams();
  const query = useMemo(() => toQuery(filters, page, tz), [filters, page, tz]);
  const logs = useLogs(scope, query);
  const facets = useLogFacets(scope);
  const [open, setOpen] = useState<LogEntry | null>(null);
  const data = logs.data;
  const showUser = scope === 'all';
  const columns = showUser ? 7 : 6;
  const filtered = Object.values(query).filter(Boolean).length > 2;
  // The table needs 820 px: a tablet held upright (about 700 px beside the rail) gets an item per entry.
  const compact = useTabletOrNarrower();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>{scope === 'all' ? 'Everyone’s activity log' : 'Your activity log'}</Title>
          <Text c="dimmed" fz="sm">
            {scope === 'all'
              ? 'Every event the server recorded: errors, security, access checks, mail, billing.'
              : 'Events about your account and your films: sign-ins, mail, access checks, processing.'}
          </Text>
        </Stack>
        {isAdmin && (
          <SegmentedControl
            aria-label="Whose entries"
            value={scope}
            onChange={(v) => navigate(v === 'all' ? '/logs/all' : '/logs')}
            data={[
              { value: 'own', label: 'Mine' },
              { value: 'all', label: 'Everyone' },
            ]}
          />
        )}
      </Group>
      <LogFilters value={filters} facets={facets.data} onChange={setFilters} />
      {logs.isError && !data ? (
        <LoadFailedState
          title={`${scope === 'all' ? 'Everyone’s' : 'Your'} activity log could not be loaded`}
          query={logs}
        />
      ) : (
        <Card radius="lg" p={0}>
          {compact ? (
            <Stack gap={0} style={{ opacity: logs.isPlaceholderData ? 0.6 : 1 }}>
              {!data && <Skeleton h={320} />}
              {data?.results.map((entry, i) => (
                <div
                  key={entry.id}
                  style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                >
                  <LogItem entry={entry} showUser={showUser} tz={tz} onOpen={() => setOpen(entry)} />
                </div>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={showUser ? 1000 : 820}>
              <Table verticalSpacing="xs" horizontalSpacing="md" highlightOnHover aria-label="Log entries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th style={narrow}>Time</Table.Th>
                    <Table.Th style={narrow}>Level</Table.Th>
                    <Table.Th style={narrow}>Type</Table.Th>
                    <Table.Th style={narrow}>Module</Table.Th>
                    <Table.Th>Message</Table.Th>
                    {showUser && <Table.Th style={narrow}>User</Table.Th>}
                    <Table.Th style={narrow}>Film</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody style={{ opacity: logs.isPlaceholderData ? 0.6 : 1 }}>
                  {!data && <SkeletonRows columns={columns} />}
                  {data?.results.map((entry) => (
                    <LogRow
                      key={entry.id}
                      entry={entry}
                      showUser={showUser}
                      tz={tz}
                      onOpen={() => setOpen(entry)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data && data.results.length === 0 && (
            <EmptyState
              py={48}
              icon={<IconFileText size={28} />}
              withIndicatorBackground
              title={filtered ? 'No entry matches these filters' : 'No log entries yet'}
              description={
                filtered
                  ? 'Widen the period or clear a filter.'
                  : 'Sign-ins, mails and events about your films will appear here.'
              }
            />
          )}
        </Card>
      )}
      {data && (
        <Group justify="space-between" wrap="wrap">
          <Text fz="sm" c="dimmed" data-testid="logs-total">
            {data.totalResults} entr{data.totalResults === 1 ? 'y' : 'ies'}
          </Text>
          {data.totalPages > 1 && (
            <Pagination total={data.totalPages} value={page} onChange={setPage} aria-label="Pages" />
          )}
        </Group>
      )}
      <LogDetailDrawer entry={open} onClose={() => setOpen(null)} isAdmin={isAdmin} />
    </Stack>
  );
}
