import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../features/auth/api/session';

/** The first letters of the first two words that have one: 'Jane "JD" Director' is JJ, not J". */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}/u)?.[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export function UserMenu() {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  if (session.status !== 'signed-in') return null;
  const { presenter } = session;
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        {/* The name begins with the initials it shows, so a voice command naming them finds it. */}
        <UnstyledButton
          aria-label={`${initials(presenter.name)}, account menu`}
          data-testid="user-menu"
          // A finger's 44 px around the 34 px avatar.
          miw={44}
          mih={44}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Avatar color="violet" radius="xl" size={34}>
            {initials(presenter.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fw={600} c="var(--mantine-color-text)" truncate>
            {presenter.name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {presenter.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings/profile" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
