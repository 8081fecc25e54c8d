import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Button,
  CloseButton,
  Drawer,
  Group,
  NavLink,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { UPGRADE_BAR_HEIGHT } from '@screenroom/shared/constants';
import {
  IconBuildingStore,
  IconCrown,
  IconFileText,
  IconHome,
  IconPlus,
  IconSettings,
  IconSparkles,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LogoMark } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { usePresenter } from '../../features/auth/api/session';
import { useUpdatePresenter } from '../../features/settings/api/update-presenter';
import { pagePathOf } from '../../lib/page-path';
import { usePhone } from '../../lib/use-phone';
import { FocusAfterNavigation } from '../focus-after-navigation';
import { markThemeSeen } from '../presenter-preferences';
import { pageKeyForPath, titleForPath } from '../route-title';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

const RAIL_WIDTH = 76;

type NavItem = { to: string; label: string; icon: typeof IconHome; section: string };

const MAIN_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', icon: IconHome, section: 'home' },
  { to: '/screeners/dialog/add-screener', label: 'Add Screener', icon: IconPlus, section: 'add' },
];
const ADMIN_ITEMS: NavItem[] = [
  { to: '/presenters', label: 'Presenters', icon: IconUsersGroup, section: 'presenters' },
  { to: '/markets', label: 'Markets', icon: IconBuildingStore, section: 'markets' },
  { to: '/logs', label: 'Logs', icon: IconFileText, section: 'logs' },
];
const PRICING_ITEM: NavItem = {
  to: '/pricing-plans',
  label: 'Pricing',
  icon: IconCrown,
  section: 'pricing-plans',
};
const SETTINGS_ITEM: NavItem = {
  to: '/settings',
  label: 'Settings',
  icon: IconSettings,
  section: 'settings',
};

type NavEntryProps = { item: NavItem; active: boolean; labelled: boolean; onNavigate?: () => void };

/** A rail icon with its tooltip on wide screens; a labelled row in the phone's menu. */
function NavEntry({ item, active, labelled, onNavigate }: NavEntryProps) {
  const Icon = item.icon;
  if (labelled) {
    return (
      <NavLink
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={<Icon size={22} stroke={1.6} />}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        py="sm"
      />
    );
  }
  return (
    <Tooltip label={item.label} position="right">
      <ActionIcon
        component={Link}
        to={item.to}
        aria-label={item.label}
        aria-current={active ? 'page' : undefined}
        size="xl"
        variant="subtle"
        color="gray"
        className="rail-link"
      >
        <Icon size={22} stroke={1.6} />
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

type SideNavProps = {
  isAdmin: boolean;
  labelled: boolean;
  onNavigate?: () => void;
  /** The phone's menu closed without going anywhere (its close button). */
  onClose?: () => void;
};

/** The main navigation: a slim icon rail beside the page, or the phone's full-screen menu with labels. */
function SideNav({ isAdmin, labelled, onNavigate, onClose }: SideNavProps) {
  const presenter = usePresenter();
  const update = useUpdatePresenter();
  // The rail's toggle is the presenter's choice, as in Profile: kept there, so both say the same.
  const saveTheme = (theme: 'light' | 'dark') => {
    markThemeSeen(theme);
    update.mutate({ id: presenter.id, theme });
  };
  const section = railSectionOf(useLocation().pathname);
  const entry = (item: NavItem) => (
    <NavEntry
      key={item.to}
      item={item}
      active={section === item.section}
      labelled={labelled}
      onNavigate={onNavigate}
    />
  );
  const align = labelled ? 'stretch' : 'center';
  return (
    <Stack h="100%" justify="space-between" align={align} py="md" px={labelled ? 'md' : 0}>
      <Stack align={align} gap={6} component="nav" aria-label="Main">
        {labelled ? (
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Link to="/" aria-label="Screenroom home" onClick={onNavigate}>
              <LogoMark size={38} />
            </Link>
            <CloseButton size="lg" aria-label="Close navigation" onClick={onClose} data-autofocus />
          </Group>
        ) : (
          <Link to="/" aria-label="Screenroom home" style={{ marginBottom: 12 }}>
            <LogoMark size={38} />
          </Link>
        )}
        {MAIN_ITEMS.map(entry)}
        {isAdmin && ADMIN_ITEMS.map(entry)}
        {entry(PRICING_ITEM)}
      </Stack>
      <Stack align={align} gap={6}>
        <ThemeToggle onChange={saveTheme} labelled={labelled} />
        {entry(SETTINGS_ITEM)}
      </Stack>
    </Stack>
  );
}

function UpgradeBar() {
  return (
    <Group h="100%" justify="center" gap="sm" px="md" wrap="nowrap" data-testid="upgrade-bar">
      <IconSparkles size={16} />
      <Text fz="sm" truncate visibleFrom="md">
        You are on the Free plan. Upgrade to Professional for watermarks and more screeners.
      </Text>
      <Text fz="sm" truncate hiddenFrom="md">
        You are on the Free plan.
      </Text>
      <Button
        component={Link}
        to="/pricing-plans"
        size="compact-xs"
        variant="white"
        color="dark"
        className="upgrade-bar-link"
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
  const [opened, setOpened] = useState(false);
  const phone = usePhone();
  // Closed without going anywhere (its close button, Escape), focus goes back to the button that opened it.
  // After following one of its links the menu goes at once, the new page being there already, and the
  // page's heading takes focus (FocusAfterNavigation; it leaves focus that is still on the fading menu).
  const [navigated, setNavigated] = useState(false);
  const openMenu = () => {
    setNavigated(false);
    setOpened(true);
  };
  const followLink = () => {
    setNavigated(true);
    setOpened(false);
  };
  // Not on the plans page itself, where the upgrade is the page.
  const showUpgrade = presenter.rule_set === 'FREE' && location.pathname !== '/pricing-plans';
  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: RAIL_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } }}
      footer={showUpgrade ? { height: UPGRADE_BAR_HEIGHT } : undefined}
      padding="lg"
    >
      <SkipLink target="page" />
      <AppShell.Header>
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={openMenu}
              hiddenFrom="sm"
              aria-label="Open navigation"
              aria-expanded={opened}
              aria-controls="mobile-navigation"
            />
            <Title order={1} fz={20} data-testid="top-bar-title">
              {titleForPath(pagePathOf(location.pathname, location.state))}
            </Title>
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Box visibleFrom="sm" h="100%">
          <SideNav isAdmin={presenter.is_admin} labelled={false} />
        </Box>
      </AppShell.Navbar>
      {/*
       * The phone's menu covers the page: a modal drawer, so focus stays in it while it is open (Tab went
       * on to the page hidden behind it), Escape closes it and the page underneath is not read out.
       */}
      <Drawer.Root
        // Only on a phone-sized window: widened with the menu open (a tablet turned), its focus trap and
        // scroll lock would hold the whole page while it is hidden.
        opened={opened && phone}
        onClose={() => setOpened(false)}
        size="100%"
        hiddenFrom="sm"
        returnFocus={!navigated}
        transitionProps={navigated ? { exitDuration: 0 } : undefined}
      >
        <Drawer.Content id="mobile-navigation" aria-label="Navigation">
          <Drawer.Body p={0} h="100%">
            <SideNav
              isAdmin={presenter.is_admin}
              labelled
              onNavigate={followLink}
              onClose={() => setOpened(false)}
            />
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <AppShell.Main id="page">
        <FocusAfterNavigation within="#page" />
        <div key={pageKeyForPath(pagePathOf(location.pathname, location.state))} className="page-enter">
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
