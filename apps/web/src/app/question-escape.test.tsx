import { MantineProvider, Modal } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openConfirm } from '../lib/confirm';
import { QuestionsTakeTheirEscape } from './question-escape';

describe('Escape with a question over a dialog', () => {
  it('closes the question only; the dialog beneath stays and does not hear it', async () => {
    const dialogClosed = vi.fn();
    const questionClosed = vi.fn();
    render(
      <MantineProvider>
        <ModalsProvider>
          <QuestionsTakeTheirEscape />
          <Modal opened onClose={dialogClosed} title="Configure" transitionProps={{ duration: 0 }}>
            <p>Settings</p>
          </Modal>
        </ModalsProvider>
      </MantineProvider>,
    );
    act(() => {
      openConfirm({
        title: 'Discard your changes?',
        labels: { confirm: 'Discard', cancel: 'Keep editing' },
        onClose: questionClosed,
        transitionProps: { duration: 0 },
      });
    });
    const keep = await screen.findByRole('button', { name: 'Keep editing' });
    fireEvent.keyDown(keep, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('Discard your changes?')).toBeNull());
    expect(questionClosed).toHaveBeenCalledTimes(1);
    expect(dialogClosed).not.toHaveBeenCalled();
    // With no question open, Escape is the dialog's again.
    fireEvent.keyDown(screen.getByText('Settings'), { key: 'Escape' });
    expect(dialogClosed).toHaveBeenCalledTimes(1);
  });
});
