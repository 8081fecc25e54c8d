import { Button, MantineProvider, Menu } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { openConfirm } from './confirm';

function renderWith(children: React.ReactNode) {
  return render(
    <MantineProvider>
      {/* No transitions: the menu and the dialog open and close at once. */}
      <ModalsProvider modalProps={{ transitionProps: { duration: 0 } }}>{children}</ModalsProvider>
    </MantineProvider>,
  );
}

/** A Remove button that shows a loader while its confirmed request runs, as the app's do. */
function RemoveButton({ request }: { request: () => Promise<unknown> }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      loading={pending}
      onClick={() =>
        openConfirm({
          title: 'Remove these subtitles?',
          labels: { confirm: 'Remove subtitles', cancel: 'Keep them' },
          onConfirm: () => {
            setPending(true);
            return request().finally(() => setPending(false));
          },
        })
      }
    >
      Remove English
    </Button>
  );
}

describe('openConfirm', () => {
  it('acts once for a double click on confirm', async () => {
    renderWith(<div />);
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

  it('gives focus back to the button that opened the menu the dialog was asked from', async () => {
    renderWith(
      <Menu transitionProps={{ duration: 0 }}>
        <Menu.Target>
          <Button>Actions for vera@films.test</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() =>
              openConfirm({ title: 'Revoke?', labels: { confirm: 'Revoke access', cancel: 'Keep access' } })
            }
          >
            Revoke access
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    const actions = screen.getByRole('button', { name: 'Actions for vera@films.test' });
    fireEvent.click(actions);
    // As in a browser, where the open menu has focus on its items (jsdom's focus trap finds none visible).
    const item = await screen.findByRole('menuitem', { name: 'Revoke access' });
    act(() => item.focus());
    fireEvent.click(item);
    const keep = await screen.findByRole('button', { name: 'Keep access' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(actions));
  });

  it('gives focus back to the button that asked once its refused request has ended', async () => {
    let refuse: (error: Error) => void = () => {};
    renderWith(<RemoveButton request={() => new Promise((_, reject) => (refuse = reject))} />);
    const remove = screen.getByRole('button', { name: 'Remove English' });
    act(() => remove.focus());
    fireEvent.click(remove);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove subtitles' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(remove.hasAttribute('disabled')).toBe(true));
    // In Chromium the button, disabled while its loader shows, drops its focus to the page.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await act(async () => refuse(new Error('The server cannot be reached.')));
    await waitFor(() => expect(document.activeElement).toBe(remove));
  });
});
