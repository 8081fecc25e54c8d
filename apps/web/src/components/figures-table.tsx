import { Button, Table } from '@mantine/core';
import { useState } from 'react';

/**
 * A chart's figures as a table behind a button: a chart shows them only in tooltips under the pointer,
 * out of reach of the keyboard and of screen readers.
 */
export function FiguresTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        mt="xs"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the figures' : 'Show the figures'}
      </Button>
      {open && (
        <Table verticalSpacing={4} fz="sm" captionSide="top" mt="xs">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={String(row[0])}>
                {row.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                  <Table.Td key={i}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
