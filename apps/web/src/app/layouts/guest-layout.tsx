import { Box, Button, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { useSession } from '../../features/auth/api/session';
import { AuthFooter } from './auth-layout';

/** Public content pages (privacy): a slim header and a readable column. */
export function GuestLayout() {
  const session = useSession();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group
        component="header"
        justify="space-between"
        px="lg"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
          <Logo size={30} />
        </Link>
        <Group gap="xs">
          <ThemeToggle size="lg" />
          <Button
            component={Link}
            to={session.status === 'signed-in' ? '/' : '/login'}
            variant="light"
            size="sm"
          >
            {session.status === 'signed-in' ? 'Open the app' : 'Sign in'}
          </Button>
        </Group>
      </Group>
      <Box component="main" style={{ flex: 1 }}>
        <Container size="sm" py="xl" className="page-enter">
          <Outlet />
        </Container>
      </Box>
      <AuthFooter />
    </Box>
  );
}
