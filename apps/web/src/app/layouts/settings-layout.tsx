import { Anchor, Grid, Group, NavLink as MantineNavLink, Paper, Stack } from '@mantine/core';
import { IconBrandVimeo, IconFileText, IconHome, IconUser } from '@tabler/icons-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';

const items = [
  { to: '/settings', label: 'Home', icon: IconHome, end: true },
  { to: '/settings/profile', label: 'Profile', icon: IconUser, end: false },
  { to: '/settings/vimeo-configurations', label: 'Vimeo Configurations', icon: IconBrandVimeo, end: false },
];

/** The settings pages: a side menu (Home, Profile, Vimeo Configurations) beside the page. */
export function SettingsLayout() {
  const { pathname } = useLocation();
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <Paper withBorder radius="md" p="xs">
          <Stack gap={2} component="nav" aria-label="Settings">
            {items.map((item) => (
              <MantineNavLink
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.6} />}
                active={item.end ? pathname === item.to : pathname.startsWith(item.to)}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </Stack>
        </Paper>
        <Anchor component={Link} to="/logs" fz="sm" c="dimmed" mt="sm" display="block" px="xs">
          <Group gap={6} wrap="nowrap">
            <IconFileText size={16} stroke={1.6} /> Your activity log
          </Group>
        </Anchor>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
