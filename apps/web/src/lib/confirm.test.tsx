import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { openConfirm } from './confirm';

afterEach(cleanup);

describe('openConfirm', () => {
  it('acts once for a double click on confirm', async () => {
    render(
      <MantineProvider>
        <ModalsProvider>
          <div />
        </ModalsProvider>
      </MantineProvider>,
    );
    let deletions = 0;
    act(() => {
      openConfirm({
        title: 'Delete it?',
        labels: { confirm: 'Delete screener', cancel: 'Keep it' },
        onConfirm: () => {
          deletions++;
        },
      });
    });
    const confirm = await screen.findByRole('button', { name: 'Delete screener' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(deletions).toBe(1);
  });
});
