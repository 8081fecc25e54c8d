import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A page whose subject could not be found (or loaded), with the way back, and a retry when loading failed. */
export function NotFoundState({
  title,
  description,
  back,
  retry,
}: {
  title: string;
  description?: string;
  /** The way back; none where the page is itself where one goes back to (the library). */
  back?: { to: string; label: string };
  /** Loading failed (not a 404): offer to ask again. */
  retry?: { onRetry: () => void; retrying: boolean };
}) {
  return (
    <Stack align="center" ta="center" mt="xl" gap="sm" maw={520} mx="auto">
      <Title order={3}>{title}</Title>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
      <Group justify="center">
        {retry && (
          <Button leftSection={<IconRefresh size={18} />} loading={retry.retrying} onClick={retry.onRetry}>
            Try again
          </Button>
        )}
        {back && (
          <Button component={Link} to={back.to} variant="light">
            {back.label}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
