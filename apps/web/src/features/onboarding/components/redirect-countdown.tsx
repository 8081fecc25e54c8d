import { Button, Group, Paper, RingProgress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { focusLost } from '../../../lib/focus-lost';

/**
 * After sharing succeeds (spec section 4): counts down visibly, then moves on; Cancel stops it and leaves
 * a button to go on when the presenter is ready.
 */
export function RedirectCountdown({
  seconds,
  onDone,
  label,
}: {
  seconds: number;
  onDone: () => void;
  /** What happens at zero, e.g. "Opening the next step". */
  label: string;
}) {
  const [left, setLeft] = useState(seconds);
  const [cancelled, setCancelled] = useState(false);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const cancelButton = useRef<HTMLButtonElement>(null);
  const continueButton = useRef<HTMLButtonElement>(null);

  // The form that started it has gone: a keyboard user gets Cancel within reach at once, then (Cancel
  // gone too) Continue now, rather than a race to Tab there before the countdown ends.
  useEffect(() => {
    if (!focusLost()) return;
    (cancelled ? continueButton : cancelButton).current?.focus();
  }, [cancelled]);

  useEffect(() => {
    if (cancelled) return;
    if (left <= 0) {
      onDoneRef.current();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, cancelled]);

  return (
    <Paper withBorder radius="md" p="md" data-testid="redirect-countdown">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          {!cancelled && (
            <RingProgress
              size={48}
              thickness={4}
              roundCaps
              sections={[{ value: ((seconds - left) / seconds) * 100, color: 'violet' }]}
              label={
                <Text ta="center" fw={700} size="sm">
                  {left}
                </Text>
              }
            />
          )}
          <Stack gap={0}>
            <Text fw={600} role="status">
              {cancelled ? 'Countdown stopped' : `${label} in ${left} s`}
            </Text>
            <Text size="sm" c="dimmed">
              {cancelled ? 'Go on whenever you are ready.' : 'Cancel to stay on this page.'}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {!cancelled && (
            <Button ref={cancelButton} variant="default" onClick={() => setCancelled(true)}>
              Cancel
            </Button>
          )}
          <Button ref={continueButton} onClick={() => onDoneRef.current()}>
            Continue now
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
