import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A page whose subject could not be found (or loaded), with the way back. */
export function NotFoundState({
  title,
  description,
  back,
}: {
  title: string;
  description?: string;
  back: { to: string; label: string };
}) {
  return (
    <Stack align="center" mt="xl" gap="sm">
      <Title order={3}>{title}</Title>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
      <Button component={Link} to={back.to} variant="light">
        {back.label}
      </Button>
    </Stack>
  );
}
