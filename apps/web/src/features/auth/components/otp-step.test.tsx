import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropFocusWhenDisabled } from '../../../test/drop-focus-when-disabled';
import type { OtpSent } from '../api/types';
import { OtpStep } from './otp-step';

afterEach(() => {
  vi.useRealTimers();
});

const sent = (delivery: OtpSent['delivery']): OtpSent => ({
  message: '',
  email: 'programmer@festival.test',
  expiresInMinutes: 10,
  delivery,
});

function renderStep(first: OtpSent, onResend: () => Promise<OtpSent>) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <OtpStep sent={first} onResend={onResend} onBack={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the code step', () => {
  it('says the e-mail may be late when its sending was not confirmed, until a resend is confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onResend = vi.fn(async () => sent('sent'));
    renderStep(sent('unconfirmed'), onResend);
    expect(screen.getByText('The e-mail may be late')).toBeTruthy();
    expect(screen.getByText(/We tried to send a 6-digit code/)).toBeTruthy();
    expect(screen.getByText(/If it has not arrived in a few minutes, ask for a new one/)).toBeTruthy();
    // The resend waits out its cooldown, one second at a time.
    for (let second = 0; second <= 30; second++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
    }
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    });
    expect(onResend).toHaveBeenCalledOnce();
    expect(screen.queryByText('The e-mail may be late')).toBeNull();
  });

  it('says nothing of the kind when the mail was sent', () => {
    renderStep(sent('sent'), async () => sent('sent'));
    expect(screen.getByText(/We sent a 6-digit code .* It works for 10/)).toBeTruthy();
    expect(screen.queryByText('The e-mail may be late')).toBeNull();
  });

  /** Waits out the resend's cooldown, one second at a time, as its countdown does. */
  async function waitOutCooldown() {
    for (let second = 0; second <= 30; second++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
    }
  }

  /** Presses Resend code from the keyboard and lets its request answer. */
  async function resendWithKeyboard() {
    const resend = screen.getByRole('button', { name: 'Resend code' });
    act(() => resend.focus());
    await act(async () => {
      fireEvent.click(resend);
    });
    return resend;
  }

  it('keeps the focus on Resend code when the resend is refused, for another try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Refused a moment later, as a server does: the button is disabled meanwhile, if it ever is.
    renderStep(
      sent('sent'),
      () => new Promise((_, refuse) => setTimeout(() => refuse(new Error('Too many codes.')), 100)),
    );
    await waitOutCooldown();
    const stopDropping = dropFocusWhenDisabled();
    const resend = await resendWithKeyboard();
    await waitFor(() => expect(document.activeElement).toBe(resend));
    stopDropping();
  });

  it('gives the focus to the first box for the new code once it is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderStep(sent('sent'), () => new Promise((answer) => setTimeout(() => answer(sent('sent')), 100)));
    await waitOutCooldown();
    const stopDropping = dropFocusWhenDisabled();
    await resendWithKeyboard();
    // The first of the six boxes, the first input of the step.
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('input')));
    stopDropping();
  });
});
