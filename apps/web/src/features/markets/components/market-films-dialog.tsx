import { Button, Center, Loader, Modal, Table, Text } from '@mantine/core';
import type { Market } from '@screenroom/shared/schemas/markets';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { openConfirm } from '../../../lib/confirm';
import { focusWhenRowLeaves } from '../../../lib/focus-when-row-leaves';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { whenDone } from '../../../lib/query-client';
import { useMarketFilms, useRemoveMarketListing } from '../api/markets-admin';

type Props = { market: Pick<Market, 'id' | 'name'>; timezone: string; onClose: () => void };

/** The films listed in a market, for its organisers: who listed each, when, how many asked for it. */
export function MarketFilmsDialog({ market, timezone, onClose }: Props) {
  const films = useMarketFilms(market.id);
  const remove = useRemoveMarketListing(market.id);
  const takeOut = (videoId: string, title: string, button: HTMLElement) =>
    openConfirm({
      title: `Take “${title}” out of ${market.name}?`,
      children: (
        <Text size="sm">
          Attendees will no longer see it or ask for it. Links already sent keep working until its presenter
          revokes them; the presenter's log says the market's organisers took it out.
        </Text>
      ),
      labels: { confirm: 'Take out', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        // The row leaves with its button: focus goes to the next row's, else to the empty list's words.
        focusWhenRowLeaves(button);
        const removal = remove.mutateAsync(videoId);
        whenDone(removal, () => notifySuccess(`“${title}” taken out of ${market.name}`));
        return removal;
      },
    });
  return (
    <Modal opened onClose={onClose} title={`Films in ${market.name}`} size="xl" radius="lg">
      {!films.data && films.isError ? (
        <LoadFailedNote title="The films could not be loaded" query={films} />
      ) : !films.data ? (
        <Center p="xl">
          <Loader size="sm" aria-label="Loading the films" />
        </Center>
      ) : films.data.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" tabIndex={-1} data-focus-when-list-empties>
          No film is listed in this market yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Film</Table.Th>
                <Table.Th>Presenter</Table.Th>
                <Table.Th>Listed</Table.Th>
                <Table.Th>Requests</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {films.data.map((f) => (
                <Table.Tr key={f.video_id} data-testid="market-film-row" data-row>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {f.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{f.presenter.name}</Text>
                    <Text size="xs" c="dimmed">
                      {f.presenter.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(f.listed_at, timezone)}</Text>
                  </Table.Td>
                  <Table.Td>{f.requests}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      data-danger
                      loading={remove.isPending && remove.variables === f.video_id}
                      aria-label={`Take ${f.title} out of ${market.name}`}
                      data-row-control="take-out"
                      onClick={(event) => takeOut(f.video_id, f.title, event.currentTarget)}
                    >
                      Take out
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
