import { Badge, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';

/** An honest placeholder inside the real layout for a screen that a later piece of work delivers. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <Card radius="lg" p="xl" maw={640} mx="auto" mt="xl" data-testid="coming-soon">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconHourglassHigh size={28} />
        </ThemeIcon>
        <Badge variant="light" color="gray">
          Coming soon
        </Badge>
        <Title order={3}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
    </Card>
  );
}
