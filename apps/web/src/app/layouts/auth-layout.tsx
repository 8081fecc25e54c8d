import { Anchor, Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';

export function AuthFooter() {
  return (
    // On a phone the two parts stack, centred, instead of wrapping with the dot left at a line's end.
    <Group component="footer" justify="center" gap="xs" py="md" px="md" c="dimmed" fz="sm" ta="center">
      <Text fz="sm">© {new Date().getFullYear()} Screenroom. All rights reserved.</Text>
      <Text fz="sm" visibleFrom="xs" aria-hidden>
        ·
      </Text>
      <Anchor component={Link} to="/privacy" fz="sm" c="dimmed" underline="always">
        Terms and Privacy
      </Anchor>
    </Group>
  );
}

/**
 * A centred card with the logo, and a footer with the copyright line and the Terms and Privacy link. The
 * card is the page's main landmark and its title the page's h1, so a screen reader finds the form at once.
 */
export function AuthLayout() {
  return (
    <Box
      mih="100vh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'radial-gradient(ellipse at top, light-dark(var(--mantine-color-violet-0), rgba(112, 72, 232, 0.18)), transparent 60%)',
      }}
    >
      <Group component="header" justify="flex-end" p="md">
        <ThemeToggle size="lg" />
      </Group>
      <Center component="main" style={{ flex: 1 }} px="md">
        <Stack w="100%" maw={440} gap="lg" className="page-enter">
          <Center>
            <Logo size={40} />
          </Center>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <Outlet />
          </Paper>
        </Stack>
      </Center>
      <AuthFooter />
    </Box>
  );
}
