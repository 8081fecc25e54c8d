import { ActionIcon, NavLink, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

type Scheme = 'light' | 'dark';

/** Switches the theme on this device; `onChange` lets a signed-in screen keep it in the profile too. */
export function ThemeToggle({
  size = 'xl',
  onChange,
  labelled = false,
}: {
  size?: 'lg' | 'xl';
  onChange?: (next: Scheme) => void;
  /** A row with its words (the phone's menu) instead of an icon with a tooltip. */
  labelled?: boolean;
}) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const icon = scheme === 'dark' ? <IconSun size={20} stroke={1.6} /> : <IconMoon size={20} stroke={1.6} />;
  const toggle = () => {
    setColorScheme(next);
    onChange?.(next);
  };
  if (labelled) {
    return (
      <NavLink
        component="button"
        label={`Switch to ${next} theme`}
        leftSection={icon}
        data-testid="theme-toggle"
        onClick={toggle}
        py="sm"
      />
    );
  }
  return (
    <Tooltip label={`Switch to ${next} theme`} position="right">
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size}
        aria-label={`Switch to ${next} theme`}
        data-testid="theme-toggle"
        onClick={toggle}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
