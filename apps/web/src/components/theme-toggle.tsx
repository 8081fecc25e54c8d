import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

type Scheme = 'light' | 'dark';

/** Switches the theme on this device; `onChange` lets a signed-in screen keep it in the profile too. */
export function ThemeToggle({
  size = 'xl',
  onChange,
}: {
  size?: 'lg' | 'xl';
  onChange?: (next: Scheme) => void;
}) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} theme`} position="right">
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size}
        aria-label={`Switch to ${next} theme`}
        data-testid="theme-toggle"
        onClick={() => {
          setColorScheme(next);
          onChange?.(next);
        }}
      >
        {scheme === 'dark' ? <IconSun size={20} stroke={1.6} /> : <IconMoon size={20} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
}
