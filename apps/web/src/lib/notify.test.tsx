import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { MESSAGES } from '@screenroom/shared/messages';
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { notifyError } from './notify';

afterEach(() => {
  act(() => notifications.clean());
});

function showError(message: string) {
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
  act(() => notifyError(message));
}

it('titles a failure "Something went wrong" above its message', async () => {
  showError('The film could not be deleted.');
  expect(await screen.findByText('Something went wrong')).toBeTruthy();
  expect(screen.getByText('The film could not be deleted.')).toBeTruthy();
});

it('does not say "Something went wrong" twice when the message already says it', async () => {
  showError(MESSAGES.disableLinkFailed);
  expect(await screen.findByText(MESSAGES.disableLinkFailed)).toBeTruthy();
  expect(screen.getAllByText(/Something went wrong/)).toHaveLength(1);
});
