import { Anchor, Box, Button, Grid, Group, NavLink as MantineNavLink, Paper, Stack } from '@mantine/core';
import { IconBrandVimeo, IconFileText, IconHome, IconUser } from '@tabler/icons-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { FadingScrollRow } from '../../components/fading-scroll-row';

const items = [
  { to: '/settings', label: 'Home', icon: IconHome, end: true },
  { to: '/settings/profile', label: 'Profile', icon: IconUser, end: false },
  { to: '/settings/vimeo-configurations', label: 'Vimeo Configurations', icon: IconBrandVimeo, end: false },
];
const activityLog = { to: '/logs', label: 'Your activity log', icon: IconFileText, end: true };

/**
 * The settings pages: a side menu (Home, Profile, Vimeo Configurations) beside the page; on a phone, one
 * row of the same links above it, scrolled sideways, so the page starts near the top (stacked, the side
 * menu pushed it down by about 150 px). Swapped by CSS, so the page below is never drawn anew.
 */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const isActive = (item: (typeof items)[number]) =>
    item.end ? pathname === item.to : pathname.startsWith(item.to);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <Box hiddenFrom="sm">
          <FadingScrollRow activeKey={pathname} testId="settings-nav-row">
            <Group component="nav" aria-label="Settings" gap={6} wrap="nowrap">
              {[...items, activityLog].map((item) => {
                const active = isActive(item);
                return (
                  <Button
                    key={item.to}
                    component={NavLink}
                    to={item.to}
                    end={item.end}
                    radius="xl"
                    variant={active ? 'light' : 'subtle'}
                    color={active ? undefined : 'gray'}
                    leftSection={<item.icon size={16} stroke={1.6} />}
                    style={{ flexShrink: 0 }}
                  >
                    {item.label}
                  </Button>
                );
              })}
            </Group>
          </FadingScrollRow>
        </Box>
        <Paper withBorder radius="md" p="xs" visibleFrom="sm">
          <Stack gap={2} component="nav" aria-label="Settings">
            {items.map((item) => (
              <MantineNavLink
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.6} />}
                active={isActive(item)}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </Stack>
        </Paper>
        <Anchor
          component={Link}
          to={activityLog.to}
          fz="sm"
          c="dimmed"
          mt="sm"
          display="block"
          px="xs"
          visibleFrom="sm"
        >
          <Group gap={6} wrap="nowrap">
            <activityLog.icon size={16} stroke={1.6} /> {activityLog.label}
          </Group>
        </Anchor>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
