import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';

/** A viewer's page whose tracking link does not exist (or is not of this film), with the way back. */
export function LinkNotFound() {
  const { screenerId } = useParams();
  return (
    <Stack align="center" mt="xl" gap="sm">
      <Title order={3}>This viewer could not be found</Title>
      <Text c="dimmed" size="sm">
        The link may have been deleted, or the address is not quite right.
      </Text>
      <Button component={Link} to={`/screeners/${screenerId}/tracking-links`} variant="light">
        Back to all viewers
      </Button>
    </Stack>
  );
}
