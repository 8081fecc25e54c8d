import { Badge, Button, Card, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { MARKET_OPENS_DAYS_BEFORE } from '@screenroom/shared/constants';
import { MESSAGES } from '@screenroom/shared/messages';
import type { Market } from '@screenroom/shared/schemas/markets';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailedState } from '../../../components/load-failed-state';
import { PageLoader } from '../../../components/page-loader';
import { formatDate } from '../../../lib/format';
import { showServerErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { fromWallClock } from '../../../lib/zoned-time';
import { usePresenter } from '../../auth/api/session';
import { useCreateMarket, useMarkets, useUpdateMarket } from '../api/markets-admin';
import { MarketFilmsDialog } from './market-films-dialog';

/** '12 Feb 2027 – 20 Feb 2027', 'From 12 Feb 2027', 'Until …', or 'No dates'. */
function marketDates(m: Pick<Market, 'starts_at' | 'ends_at'>, tz: string) {
  if (m.starts_at && m.ends_at) return `${formatDate(m.starts_at, tz)} – ${formatDate(m.ends_at, tz)}`;
  if (m.starts_at) return `From ${formatDate(m.starts_at, tz)}`;
  if (m.ends_at) return `Until ${formatDate(m.ends_at, tz)}`;
  return 'No dates';
}

/**
 * An open market outside its dates takes no films and shows no page (presenters are told the code is
 * not valid): the switch alone read as if it did.
 */
function MarketTiming({ market }: { market: Pick<Market, 'starts_at' | 'ends_at'> }) {
  const now = Date.now();
  if (market.ends_at && new Date(market.ends_at).getTime() <= now)
    return (
      <Badge variant="light" color="gray">
        Ended
      </Badge>
    );
  if (market.starts_at && new Date(market.starts_at).getTime() - now >= MARKET_OPENS_DAYS_BEFORE * 86_400_000)
    return (
      <Badge variant="light" color="blue">
        Upcoming
      </Badge>
    );
  return null;
}

/** The dates are the pickers' wall clocks, read in the presenter's time zone when sent. */
type Values = { name: string; code: string; starts_at: string | null; ends_at: string | null };

/** /markets (administrators): the industry events presenters list their films in. */
export function MarketsAdminPage() {
  const presenter = usePresenter();
  const iso = (v: string | null) => (v ? fromWallClock(v, presenter.timezone) : null);
  const markets = useMarkets();
  const create = useCreateMarket({ silent: true });
  const update = useUpdateMarket();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', code: '', starts_at: null, ends_at: null },
    validate: {
      // Wall-clock strings (YYYY-MM-DD HH:mm:ss) compare as the moments they name.
      ends_at: (end, { starts_at: start }) =>
        end && start && end <= start ? MESSAGES.marketEndsBeforeStart : null,
    },
  });
  const submitOnce = useSubmitOnce();
  const [filmsOf, setFilmsOf] = useState<Market | null>(null);
  if (!markets.data) {
    return markets.isError ? (
      <LoadFailedState title="The markets could not be loaded" query={markets} />
    ) : (
      <PageLoader />
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Markets</Title>
        <Text c="dimmed" size="sm">
          Industry events with a code presenters use to list films; attendees ask for films on the market's
          page.
        </Text>
      </div>
      <Card radius="lg">
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            submitOnce(
              () =>
                create.mutateAsync({
                  name: v.name,
                  code: v.code,
                  starts_at: iso(v.starts_at),
                  ends_at: iso(v.ends_at),
                }),
              {
                onSuccess: (m) => {
                  notifySuccess(`${m.name} created with code ${m.code}`);
                  form.reset();
                },
                onError: (e) => showServerErrors(form, e),
              },
            ),
          )}
        >
          {/* Tops aligned, so a message under one field does not lift that field out of the row. */}
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Name"
              placeholder="Marché du Film 2027"
              {...form.getInputProps('name')}
              w={240}
            />
            <TextInput label="Code" placeholder="CANNES2027" {...form.getInputProps('code')} w={160} />
            <DateTimePicker
              label="Starts"
              clearable
              defaultTimeValue="00:00"
              valueFormat="D MMM YYYY"
              {...form.getInputProps('starts_at')}
              w={180}
            />
            <DateTimePicker
              label="Ends"
              clearable
              defaultTimeValue="23:59"
              valueFormat="D MMM YYYY"
              minDate={form.getValues().starts_at ?? undefined}
              {...form.getInputProps('ends_at')}
              w={180}
            />
            <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
              Create market
            </Button>
          </Group>
        </form>
      </Card>
      <Card radius="lg" p={0}>
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Market</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th>Dates</Table.Th>
              <Table.Th>Films</Table.Th>
              <Table.Th>Open</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {markets.data.map((m) => (
              <Table.Tr key={m.id} data-testid="market-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {m.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Attendees: {window.location.origin}/market/{m.code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="orange">
                    {m.code}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{marketDates(m, presenter.timezone)}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Films in ${m.name}: ${m.films}`}
                    onClick={() => setFilmsOf(m)}
                  >
                    {m.films === 1 ? '1 film' : `${m.films} films`}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Switch
                      checked={m.status === 'open'}
                      aria-label={`${m.name} open`}
                      onChange={(e) =>
                        update.mutate({ id: m.id, status: e.currentTarget.checked ? 'open' : 'closed' })
                      }
                    />
                    {m.status === 'open' && <MarketTiming market={m} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {markets.data.length === 0 && (
          <Text c="dimmed" ta="center" p="xl">
            No market yet.
          </Text>
        )}
      </Card>
      {filmsOf && (
        <MarketFilmsDialog market={filmsOf} timezone={presenter.timezone} onClose={() => setFilmsOf(null)} />
      )}
    </Stack>
  );
}
