import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LogoMark } from '../components/logo';

export function NotFoundPage() {
  return (
    <Center component="main" mih="70vh" p="md">
      <Stack align="center" gap="md" ta="center">
        <LogoMark size={48} />
        <Title order={1} fz={72} fw={800} c="dimmed" lh={1}>
          404
        </Title>
        <Text fz="lg" fw={500}>
          {MESSAGES.pageNotFound}
        </Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} />} variant="light">
          Home page
        </Button>
      </Stack>
    </Center>
  );
}
