import { ActionIcon, AppShell, Burger, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { UPGRADE_BAR_HEIGHT } from '@screenroom/shared/constants';
import {
  IconCrown,
  IconFileText,
  IconHome,
  IconPlus,
  IconSettings,
  IconSparkles,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LogoMark } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { usePresenter } from '../../features/auth/api/session';
import { useUpdatePresenter } from '../../features/settings/api/update-presenter';
import { pagePathOf } from '../../lib/page-path';
import { markThemeSeen } from '../presenter-preferences';
import { pageKeyForPath, titleForPath } from '../route-title';
import { UserMenu } from './user-menu';

const RAIL_WIDTH = 76;

type RailLinkProps = { to: string; label: string; icon: ReactNode; active: boolean };

function RailLink({ to, label, icon, active }: RailLinkProps) {
  return (
    <Tooltip label={label} position="right">
      <ActionIcon
        component={Link}
        to={to}
        aria-label={label}
        aria-current={active ? 'page' : undefined}
        size="xl"
        variant="subtle"
        color="gray"
        className="rail-link"
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** Which rail entry a path belongs to: Home covers the screener pages it leads to. */
export function railSectionOf(pathname: string) {
  if (pathname === '/screeners/dialog/add-screener') return 'add';
  if (pathname === '/' || /^\/(screeners?|analytics)(\/|$)/.test(pathname)) return 'home';
  return pathname.split('/')[1] ?? '';
}

function SideRail({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const presenter = usePresenter();
  const update = useUpdatePresenter();
  // The rail's toggle is the presenter's choice, as in Profile: kept there, so both say the same.
  const saveTheme = (theme: 'light' | 'dark') => {
    markThemeSeen(theme);
    update.mutate({ id: presenter.id, theme });
  };
  const iconProps = { size: 22, stroke: 1.6 };
  const section = railSectionOf(useLocation().pathname);
  return (
    <Stack h="100%" justify="space-between" align="center" py="md" onClick={onNavigate}>
      <Stack align="center" gap={6} component="nav" aria-label="Main">
        <Link to="/" aria-label="Screenroom home" style={{ marginBottom: 12 }}>
          <LogoMark size={38} />
        </Link>
        <RailLink to="/" label="Home" icon={<IconHome {...iconProps} />} active={section === 'home'} />
        <RailLink
          to="/screeners/dialog/add-screener"
          label="Add Screener"
          icon={<IconPlus {...iconProps} />}
          active={section === 'add'}
        />
        {isAdmin && (
          <RailLink
            to="/presenters"
            label="Presenters"
            icon={<IconUsersGroup {...iconProps} />}
            active={section === 'presenters'}
          />
        )}
        {isAdmin && (
          <RailLink
            to="/logs"
            label="Logs"
            icon={<IconFileText {...iconProps} />}
            active={section === 'logs'}
          />
        )}
        <RailLink
          to="/pricing-plans"
          label="Pricing"
          icon={<IconCrown {...iconProps} />}
          active={section === 'pricing-plans'}
        />
      </Stack>
      <Stack align="center" gap={6}>
        <ThemeToggle onChange={saveTheme} />
        <RailLink
          to="/settings"
          label="Settings"
          icon={<IconSettings {...iconProps} />}
          active={section === 'settings'}
        />
      </Stack>
    </Stack>
  );
}

function UpgradeBar() {
  return (
    <Group h="100%" justify="center" gap="sm" px="md" wrap="nowrap" data-testid="upgrade-bar">
      <IconSparkles size={16} />
      <Text fz="sm" truncate visibleFrom="sm">
        You are on the Free plan. Upgrade to Professional for watermarks and more screeners.
      </Text>
      <Text fz="sm" truncate hiddenFrom="sm">
        You are on the Free plan.
      </Text>
      <Button
        component={Link}
        to="/pricing-plans"
        size="compact-xs"
        variant="white"
        color="dark"
        style={{ flexShrink: 0 }}
      >
        Upgrade
      </Button>
    </Group>
  );
}

/** The signed-in shell: slim side rail, top bar titled from the route, and the upgrade bar on FREE. */
export function DefaultLayout() {
  const presenter = usePresenter();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const showUpgrade = presenter.rule_set === 'FREE';
  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: RAIL_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={showUpgrade ? { height: UPGRADE_BAR_HEIGHT } : undefined}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open navigation" />
            <Title order={1} fz={20} data-testid="top-bar-title">
              {titleForPath(pagePathOf(location.pathname, location.state))}
            </Title>
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <SideRail isAdmin={presenter.is_admin} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <div key={pageKeyForPath(location.pathname)} className="page-enter">
          <Outlet />
        </div>
      </AppShell.Main>
      {showUpgrade && (
        <AppShell.Footer
          style={{
            background: 'linear-gradient(90deg, var(--mantine-color-violet-8), var(--mantine-color-grape-7))',
            color: 'white',
            borderTop: 0,
          }}
        >
          <UpgradeBar />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
