import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { SEARCH_MAX_LENGTH } from '@screenroom/shared/constants';
import { GENERATED_BY } from '@screenroom/shared/enums';
import type { AudienceQuery } from '@screenroom/shared/schemas/tracking-links';
import type { Video } from '@screenroom/shared/schemas/videos';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import { IconChevronDown, IconChevronUp, IconSearch, IconShare, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useOutletContext } from 'react-router';
import { BreakableAddress } from '../../../components/breakable-address';
import { LoadFailedState } from '../../../components/load-failed-state';
import { useDelayedFlag } from '../../../components/use-delayed-flag';
import { lastSeenCountry } from '../../../lib/country-label';
import { deviceLabel, fromNow, linkWatched } from '../../../lib/format';
import { NO_VALUE } from '../../../lib/no-value';
import { useTabletOrNarrower } from '../../../lib/use-phone';
import { usePresenter } from '../../auth/api/session';
import { useAudience } from '../api/get-audience';
import { AnonymousLinkCard } from './anonymous-link-card';
import { AudienceCards } from './audience-cards';
import { AudienceSortSelect } from './audience-sort-select';
import { invitedOn } from './invited-on';
import { SOURCE_COLORS, SOURCE_LABELS } from './labels';
import { LinkEndAndCountries, SessionsOfLimit } from './link-limits-text';
import { StatusBadge } from './status-badge';
import { TrackingLinkActions } from './tracking-link-actions';
import { useAudienceParams } from './use-audience-params';

type Sort = AudienceQuery['sort'];

function SortHeader({
  label,
  column,
  query,
  onSort,
  className,
}: {
  label: string;
  column: Sort;
  query: Partial<AudienceQuery>;
  onSort: (s: Sort) => void;
  className?: string;
}) {
  const active = query.sort === column;
  return (
    <Table.Th
      className={className}
      aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        aria-label={`Sort by ${label}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        <Group gap={2} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          {active && (query.order === 'asc' ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />)}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function EmptyAudience({ videoId }: { videoId: string }) {
  return (
    <Card radius="lg" p="xl" data-testid="empty-audience">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconUsers size={28} />
        </ThemeIcon>
        <Title order={3} size="h4">
          No viewers yet
        </Title>
        <Text c="dimmed" maw={460}>
          Invite people by e-mail, make an access link for someone, or share an anonymous link. Each viewer
          appears here with every session they watch.
        </Text>
        <Button
          component={Link}
          to={`/screeners/${videoId}/dialog/share-options`}
          state={{ background: 'tracking-links' }}
          leftSection={<IconShare size={18} />}
        >
          Share this screener
        </Button>
      </Stack>
    </Card>
  );
}

/** /screeners/{id}/tracking-links: the film's audience, one row per viewer. */
export function TrackingLinksPage() {
  const video = useOutletContext<Video>();
  const presenter = usePresenter();
  const [query, setQuery] = useAudienceParams();
  // The table needs 1000 px: narrower screens (phones, tablets held upright) get a card per viewer.
  const cards = useTabletOrNarrower();
  const [search, setSearch] = useState(query.search ?? '');
  // What this box last put in the address: anything else there came from Back, forward or a link.
  const written = useRef(query.search ?? '');
  const writeSearch = useDebouncedCallback((text: string) => {
    written.current = text.trim();
    setQuery({ search: text.trim(), page: 1 });
  }, 300);
  // Checked on every move in the history, not only when the address's search changes: a quick Back can
  // land in the same render as this box's own write, so the search seen never changed.
  const { key: historyEntry } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: historyEntry re-runs it on every move, as said above
  useEffect(() => {
    const fromAddress = query.search ?? '';
    if (fromAddress === written.current) return;
    written.current = fromAddress;
    setSearch(fromAddress);
  }, [query.search, historyEntry]);
  const audience = useAudience(video.id, query);
  const showLoader = useDelayedFlag(audience.isPending);
  const onSort = (sort: Sort) =>
    setQuery({ sort, order: query.sort === sort && query.order === 'desc' ? 'asc' : 'desc', page: 1 });
  const filtered = Boolean(query.search || query.status || query.source);

  if (audience.data && audience.data.totalResults === 0 && !filtered)
    return (
      <Stack gap="md">
        <AnonymousLinkCard videoId={video.id} />
        <EmptyAudience videoId={video.id} />
      </Stack>
    );

  return (
    <Stack gap="md">
      <AnonymousLinkCard videoId={video.id} />
      <Group justify="space-between">
        <Group>
          <TextInput
            placeholder="Search viewers"
            leftSection={<IconSearch size={16} />}
            maxLength={SEARCH_MAX_LENGTH}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              writeSearch(e.currentTarget.value);
            }}
            aria-label="Search viewers"
          />
          <Select
            placeholder="Any status"
            clearable
            data={[
              { value: 'active', label: 'Active' },
              { value: 'ended', label: 'Ended' },
              { value: 'limit_reached', label: 'Limit reached' },
              { value: 'revoked', label: 'Revoked' },
            ]}
            value={query.status ?? null}
            onChange={(v) => setQuery({ status: (v as AudienceQuery['status']) ?? undefined, page: 1 })}
            aria-label="Filter by status"
            data-focus-when-list-empties
            w={150}
          />
          <Select
            placeholder="Any source"
            clearable
            data={GENERATED_BY.filter((g) => g !== 'preview').map((g) => ({
              value: g,
              label: SOURCE_LABELS[g],
            }))}
            value={query.source ?? null}
            onChange={(v) => setQuery({ source: (v as AudienceQuery['source']) ?? undefined, page: 1 })}
            aria-label="Filter by source"
            w={170}
          />
          {cards && (
            <AudienceSortSelect query={query} onChange={(order) => setQuery({ ...order, page: 1 })} />
          )}
        </Group>
      </Group>
      {audience.isError && !audience.data ? (
        <LoadFailedState title="Your viewers could not be loaded" query={audience} />
      ) : cards && audience.data ? (
        audience.data.results.length > 0 ? (
          <AudienceCards videoId={video.id} links={audience.data.results} timezone={presenter.timezone} />
        ) : (
          <Center p="xl">
            <Text c="dimmed">No viewer matches.</Text>
          </Center>
        )
      ) : (
        <Card radius="lg" p={0}>
          {/* The scroll bar shows whenever the table is wider than the page (hover-only hid it). */}
          <ScrollArea type="auto" offsetScrollbars="x">
            <Table
              verticalSpacing="sm"
              horizontalSpacing="sm"
              highlightOnHover
              miw={1000}
              data-testid="audience-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <SortHeader
                    label="Viewer"
                    column="viewer"
                    query={query}
                    onSort={onSort}
                    className="table-sticky-start"
                  />
                  <SortHeader label="Status" column="status" query={query} onSort={onSort} />
                  <SortHeader label="Source" column="source" query={query} onSort={onSort} />
                  <SortHeader label="Invited" column="invite_date" query={query} onSort={onSort} />
                  <SortHeader label="Sessions" column="sessions" query={query} onSort={onSort} />
                  <SortHeader label="Views" column="views" query={query} onSort={onSort} />
                  <SortHeader label="Watched" column="watched_minutes" query={query} onSort={onSort} />
                  <SortHeader label="Country" column="country" query={query} onSort={onSort} />
                  <SortHeader label="Device" column="device" query={query} onSort={onSort} />
                  <SortHeader label="Last active" column="last_active" query={query} onSort={onSort} />
                  <Table.Th className="table-sticky-end">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audience.data?.results.map((link) => (
                  <Table.Tr key={link.id} data-row data-testid="audience-row">
                    {/* A long address breaks rather than widening the table past a laptop's width. */}
                    <Table.Td
                      className="table-sticky-start"
                      miw={170}
                      maw={220}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      <Text
                        component={Link}
                        to={`/screeners/${video.id}/tracking-links/${link.id}/overview`}
                        size="sm"
                        fw={500}
                        style={{ color: 'inherit' }}
                      >
                        <BreakableAddress text={viewerLabel(link)} />
                      </Text>
                      {link.viewer_name && link.viewer_email && (
                        <Text size="xs" c="dimmed">
                          <BreakableAddress text={link.viewer_email} />
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td maw={210}>
                      <span data-testid="link-status">
                        <StatusBadge link={link} />
                      </span>
                      <LinkEndAndCountries link={link} timezone={presenter.timezone} />
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={SOURCE_COLORS[link.generated_by]}
                        data-testid="source-badge"
                      >
                        {SOURCE_LABELS[link.generated_by]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {invitedOn(link, presenter.timezone)}
                      </Text>
                    </Table.Td>
                    <Table.Td data-testid="sessions-cell">
                      <SessionsOfLimit link={link} />
                    </Table.Td>
                    <Table.Td>{link.views}</Table.Td>
                    <Table.Td>{linkWatched(link)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{lastSeenCountry(link)}</Text>
                    </Table.Td>
                    {/* Device and browser share a column: the table fits a 1280 px laptop without cutting. */}
                    <Table.Td data-testid="device-cell">
                      <Text size="sm">{link.device ? deviceLabel(link.device) : NO_VALUE}</Text>
                      {link.browser && (
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {link.browser}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {link.last_active ? fromNow(link.last_active) : 'Not yet'}
                      </Text>
                    </Table.Td>
                    <Table.Td className="table-sticky-end">
                      <Group gap={0} wrap="nowrap" justify="flex-end">
                        <TrackingLinkActions link={link} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {audience.data?.results.length === 0 && (
              <Center p="xl">
                <Text c="dimmed">No viewer matches.</Text>
              </Center>
            )}
            {showLoader && !audience.data && (
              <Center p="xl">
                <Text c="dimmed">Loading viewers…</Text>
              </Center>
            )}
          </ScrollArea>
        </Card>
      )}
      {audience.data && audience.data.totalPages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {audience.data.totalResults} viewers
          </Text>
          <Pagination
            total={audience.data.totalPages}
            value={audience.data.page}
            onChange={(page) => setQuery({ page })}
          />
        </Group>
      )}
    </Stack>
  );
}
