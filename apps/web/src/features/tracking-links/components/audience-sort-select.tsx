import { Select } from '@mantine/core';
import type { AudienceQuery } from '@screenroom/shared/schemas/tracking-links';

type Order = Pick<AudienceQuery, 'sort' | 'order'>;

/** The orders a presenter sorts a phone's cards by; the table's headers offer every column. */
const ORDERS: { label: string; value: Order }[] = [
  { label: 'Newest invitation first', value: { sort: 'invite_date', order: 'desc' } },
  { label: 'Last active first', value: { sort: 'last_active', order: 'desc' } },
  { label: 'Most watched first', value: { sort: 'watched_minutes', order: 'desc' } },
  { label: 'Most sessions first', value: { sort: 'sessions', order: 'desc' } },
  { label: 'Viewer, A to Z', value: { sort: 'viewer', order: 'asc' } },
];

/** The table's column names, for an order set there by a header and not among the phone's choices. */
const COLUMNS: Record<Order['sort'], string> = {
  viewer: 'Viewer',
  status: 'Status',
  source: 'Source',
  invite_date: 'Invited',
  sessions: 'Sessions',
  views: 'Views',
  watched_minutes: 'Watched',
  country: 'Country',
  device: 'Device',
  browser: 'Browser',
  last_active: 'Last active',
};

const key = ({ sort, order }: Order) => `${sort}:${order}`;

/** On a phone the list is cards, with no column headers to click: the order is picked here instead. */
export function AudienceSortSelect({ query, onChange }: { query: Order; onChange: (order: Order) => void }) {
  const current = key(query);
  // An order set on a wider screen (by a header) is kept and shown under its own name.
  const data = ORDERS.map((o) => ({ value: key(o.value), label: o.label }));
  if (!data.some((d) => d.value === current)) {
    data.push({
      value: current,
      label: `${COLUMNS[query.sort]}, ${query.order === 'asc' ? 'ascending' : 'descending'}`,
    });
  }
  return (
    <Select
      aria-label="Sort viewers"
      data={data}
      value={current}
      allowDeselect={false}
      onChange={(value) => {
        const picked = ORDERS.find((o) => key(o.value) === value);
        if (picked) onChange(picked.value);
      }}
      w={210}
    />
  );
}
