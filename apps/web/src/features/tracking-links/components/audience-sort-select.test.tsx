import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AudienceSortSelect } from './audience-sort-select';

const shown = (query: Parameters<typeof AudienceSortSelect>[0]['query']) => {
  render(
    <MantineProvider>
      <AudienceSortSelect query={query} onChange={() => {}} />
    </MantineProvider>,
  );
  return (screen.getByRole('combobox', { name: 'Sort viewers' }) as HTMLInputElement).value;
};

describe('the phone’s sort menu', () => {
  it('names one of its own orders', () => {
    expect(shown({ sort: 'watched_minutes', order: 'desc' })).toBe('Most watched first');
  });

  it('names an order set by a table header after its column and direction', () => {
    expect(shown({ sort: 'views', order: 'asc' })).toBe('Views, ascending');
    cleanup();
    expect(shown({ sort: 'viewer', order: 'desc' })).toBe('Viewer, descending');
  });
});
