import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { dropFocusWhenDisabled } from '../../../test/drop-focus-when-disabled';
import { answerEveryRequest } from '../../../test/page-harness';
import { PreviewButton } from './preview-button';

function renderButton() {
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <PreviewButton videoId="5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11" playable />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('PreviewButton', () => {
  it('says a refused preview once, and gives the focus back to Preview', async () => {
    const tab = { close: vi.fn(), location: { href: '' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const refusal = { field: 'videoId', message: 'This film cannot be previewed yet' };
    answerEveryRequest(400, { message: `videoId: ${refusal.message}`, errors: [refusal] });
    // Answered a moment later, as a server does: the button shows its loader meanwhile.
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return answer(...args);
    });
    renderButton();
    const stopDropping = dropFocusWhenDisabled();
    const preview = screen.getByRole('button', { name: 'Preview' });
    act(() => preview.focus());
    fireEvent.click(preview);
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    // Its own words beside the query client's: the server's message with the field it starts with.
    expect(screen.queryByText(`videoId: ${refusal.message}`)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(preview));
    stopDropping();
  });
});
