import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { FocusAfterNavigation } from '../focus-after-navigation';
import { UserMenu } from './user-menu';

/** Onboarding: the logo, and the steps in a focused column. */
export function OnboardingLayout() {
  return (
    <Box mih="100vh">
      <Group justify="space-between" px="lg" py="sm">
        <Logo size={32} />
        <Group gap="xs">
          <ThemeToggle size="lg" />
          <UserMenu />
        </Group>
      </Group>
      <Container size="md" py="lg" className="page-enter" id="onboarding-step">
        <FocusAfterNavigation within="#onboarding-step" />
        <Outlet />
      </Container>
    </Box>
  );
}
