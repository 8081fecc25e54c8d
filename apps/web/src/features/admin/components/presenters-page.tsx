import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Menu,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MAX_LENGTH } from '@screenroom/shared/constants';
import type { RuleSet } from '@screenroom/shared/enums';
import type { AdminPresenter } from '@screenroom/shared/schemas/admin';
import {
  IconBuildingStore,
  IconCrown,
  IconCrownOff,
  IconDots,
  IconMailForward,
  IconSearch,
  IconUsersGroup,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { openConfirm } from '../../../lib/confirm';
import { focusBackWhenDone } from '../../../lib/focus-back-when-done';
import { fromNow, NO_VALUE } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { whenDone } from '../../../lib/query-client';
import { usePhone } from '../../../lib/use-phone';
import { usePresenters } from '../api/list-presenters';
import { useSendLoginLink } from '../api/send-login-link';
import { useSetPlan } from '../api/set-plan';

dayjs.extend(relativeTime);

const PAGE_SIZE = 20;
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

function PlanBadge({ presenter }: { presenter: AdminPresenter }) {
  const pro = presenter.rule_set === 'PROFESSIONAL';
  const how = [presenter.subscribed && 'Stripe', presenter.granted && 'granted'].filter(Boolean).join(' + ');
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant={pro ? 'filled' : 'light'} color={pro ? 'violet' : 'gray'} data-testid="plan-badge">
        {pro ? 'Professional' : 'Free'}
      </Badge>
      {how && (
        <Text fz={11} c="dimmed">
          {how}
        </Text>
      )}
      {!pro && presenter.professional_requested_at && (
        <Text fz={11} c="yellow" data-testid="asked-for-professional">
          Asked for Professional {fromNow(presenter.professional_requested_at)}
        </Text>
      )}
    </Stack>
  );
}

function RowActions({ presenter }: { presenter: AdminPresenter }) {
  const setPlan = useSetPlan();
  const loginLink = useSendLoginLink();
  const pro = presenter.rule_set === 'PROFESSIONAL';
  const actions = useRef<HTMLButtonElement>(null);
  // The Actions button, which the menu gives focus back to, shows a loader while the request runs: a
  // disabled button, which drops the focus to the page. It gets the focus back once the request ends.
  const send = <T,>(request: Promise<T>, done: (result: T) => void) => {
    focusBackWhenDone(actions.current, request);
    whenDone(request, done);
  };
  const change = (rule_set: RuleSet) =>
    send(setPlan.mutateAsync({ id: presenter.id, rule_set }), ({ presenter: p }) =>
      notifySuccess(
        p.rule_set === 'PROFESSIONAL'
          ? `${p.name} now has the Professional plan.`
          : `${p.name} is back on the Free plan.`,
      ),
    );
  const confirmRemoval = () =>
    openConfirm({
      title: 'Remove the Professional plan?',
      children: (
        <Text fz="sm">
          {presenter.name} ({presenter.email}) goes back to the Free plan: watermarks stop and no new
          screeners beyond the Free limit.
        </Text>
      ),
      labels: { confirm: 'Remove Professional', cancel: 'Keep it' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => change('FREE'),
    });
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${presenter.email}`}
          ref={actions}
          loading={setPlan.isPending || loginLink.isPending}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconMailForward size={16} />}
          onClick={() =>
            send(loginLink.mutateAsync(presenter.id), () =>
              notifySuccess(`Sign-in link sent to ${presenter.email}.`),
            )
          }
        >
          E-mail a sign-in link
        </Menu.Item>
        {pro && presenter.granted && !presenter.subscribed ? (
          <Menu.Item color="red" leftSection={<IconCrownOff size={16} />} onClick={confirmRemoval}>
            Remove Professional
          </Menu.Item>
        ) : pro && presenter.subscribed ? (
          <Menu.Item leftSection={<IconCrownOff size={16} />} disabled>
            Pays through Stripe
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconCrown size={16} />} onClick={() => change('PROFESSIONAL')}>
            Grant Professional
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function DateCell({ value, empty }: { value: string | null; empty: string }) {
  if (!value)
    return (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Tooltip label={dayjs(value).format('MMMM D, YYYY HH:mm')}>
      <Text fz="sm">{dayjs(value).fromNow()}</Text>
    </Tooltip>
  );
}

function PresenterCard({ presenter: p }: { presenter: AdminPresenter }) {
  return (
    <Group justify="space-between" wrap="nowrap" p="md" data-testid="presenter-row" align="flex-start">
      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
        <Avatar color="violet" radius="xl" size={34}>
          {initials(p.name)}
        </Avatar>
        <Stack gap={4} miw={0}>
          <Stack gap={0} miw={0}>
            <Text fz="sm" fw={600} truncate>
              {p.name}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {p.email}
            </Text>
          </Stack>
          <Group gap={8}>
            <PlanBadge presenter={p} />
          </Group>
          <Text fz="xs" c="dimmed">
            {p.films} film{p.films === 1 ? '' : 's'} · {p.tracking_links} link
            {p.tracking_links === 1 ? '' : 's'} ·{' '}
            {p.last_login_at ? `signed in ${dayjs(p.last_login_at).fromNow()}` : 'never signed in'}
          </Text>
        </Stack>
      </Group>
      <RowActions presenter={p} />
    </Group>
  );
}

function SkeletonRows() {
  return Array.from({ length: 6 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i}>
      {[220, 90, 40, 40, 90, 90, 28].map((w, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={j}>
          <Skeleton h={16} w={w} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** /presenters (administrators): every presenter with plan, films, links and sign-ins; search and paging. */
export function PresentersPage() {
  // ?search= opens the page on one presenter (the link in a request-for-Professional mail).
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => (searchParams.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH));
  const [plan, setPlan] = useState<'ALL' | RuleSet>('ALL');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = usePresenters({
    search: debounced || undefined,
    plan: plan === 'ALL' ? undefined : plan,
    page,
    limit: PAGE_SIZE,
  });
  const data = query.data;
  const compact = usePhone();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>All presenters</Title>
          <Text c="dimmed" fz="sm">
            {data
              ? `${data.totalResults} presenter${data.totalResults === 1 ? '' : 's'}`
              : query.isError
                ? null
                : 'Loading…'}
          </Text>
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button
            component={Link}
            to="/markets"
            variant="default"
            leftSection={<IconBuildingStore size={16} />}
          >
            Markets
          </Button>
          <TextInput
            placeholder="Search by name or e-mail"
            aria-label="Search presenters"
            leftSection={<IconSearch size={16} />}
            maxLength={SEARCH_MAX_LENGTH}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 280 }}
          />
          <SegmentedControl
            aria-label="Plan"
            value={plan}
            onChange={(v) => {
              setPlan(v as typeof plan);
              setPage(1);
            }}
            data={[
              { value: 'ALL', label: 'All' },
              { value: 'FREE', label: 'Free' },
              { value: 'PROFESSIONAL', label: 'Professional' },
            ]}
          />
        </Group>
      </Group>
      {query.isError && !data ? (
        <LoadFailedState title="The presenters could not be loaded" query={query} />
      ) : (
        <Card radius="lg" p={0}>
          {compact ? (
            <Stack gap={0} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              {!data && <Skeleton h={240} />}
              {data?.results.map((p, i) => (
                <div
                  key={p.id}
                  style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                >
                  <PresenterCard presenter={p} />
                </div>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Presenters">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Presenter</Table.Th>
                    <Table.Th>Plan</Table.Th>
                    <Table.Th ta="right">Films</Table.Th>
                    <Table.Th ta="right">Tracking links</Table.Th>
                    <Table.Th>Signed up</Table.Th>
                    <Table.Th>Last sign-in</Table.Th>
                    <Table.Th w={48} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                  {!data && <SkeletonRows />}
                  {data?.results.map((p) => (
                    <Table.Tr key={p.id} data-testid="presenter-row">
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar color="violet" radius="xl" size={34}>
                            {initials(p.name)}
                          </Avatar>
                          <Stack gap={0} miw={0}>
                            <Group gap={6} wrap="nowrap">
                              <Text fz="sm" fw={600} truncate>
                                {p.name}
                              </Text>
                              {p.is_admin && (
                                <Badge size="xs" variant="outline" color="gray">
                                  Admin
                                </Badge>
                              )}
                            </Group>
                            <Text fz="xs" c="dimmed" truncate>
                              {p.email}
                            </Text>
                          </Stack>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <PlanBadge presenter={p} />
                      </Table.Td>
                      <Table.Td ta="right">{p.films}</Table.Td>
                      <Table.Td ta="right">{p.tracking_links}</Table.Td>
                      <Table.Td>
                        <DateCell value={p.created_at} empty={NO_VALUE} />
                      </Table.Td>
                      <Table.Td>
                        <DateCell value={p.last_login_at} empty="Never" />
                      </Table.Td>
                      <Table.Td>
                        <RowActions presenter={p} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data && data.results.length === 0 && (
            <EmptyState
              py={48}
              icon={<IconUsersGroup size={28} />}
              withIndicatorBackground
              title={
                debounced
                  ? `No presenter matches “${debounced}”`
                  : plan !== 'ALL'
                    ? `No presenter is on the ${plan === 'PROFESSIONAL' ? 'Professional' : 'Free'} plan`
                    : 'No presenters yet'
              }
              description={
                debounced
                  ? 'Try part of a name or an e-mail address.'
                  : plan !== 'ALL'
                    ? 'Choose All to see everyone.'
                    : 'Presenters appear here once they register.'
              }
            />
          )}
        </Card>
      )}
      {data && data.totalPages > 1 && (
        <Group justify="center">
          <Pagination total={data.totalPages} value={page} onChange={setPage} aria-label="Pages" />
        </Group>
      )}
    </Stack>
  );
}
