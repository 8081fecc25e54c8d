import { Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Where the film would be: why it cannot play, and a way to try again when there is one. */
export function PlayerFailure({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Stack align="center" gap="sm" p="md" ta="center">
      <IconAlertTriangle size={32} color="var(--mantine-color-red-5)" />
      <Text>{message}</Text>
      {onRetry && (
        <Button variant="white" color="dark" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  );
}
