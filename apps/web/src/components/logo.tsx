import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';

export function LogoMark({ size = 34 }: { size?: number }) {
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant="gradient"
      gradient={{ from: 'violet.7', to: 'grape.5', deg: 135 }}
    >
      <IconPlayerPlayFilled size={size * 0.5} />
    </ThemeIcon>
  );
}

export function Logo({ size = 34 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={700} fz={size * 0.56} lh={1} style={{ letterSpacing: -0.3 }}>
        Screenroom
      </Text>
    </Group>
  );
}
