import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  /** True when the presenter's plan does not include the feature. */
  locked: boolean;
  /** What the feature is, in a few words: "Watermarks". */
  feature: string;
  /** Why it is worth upgrading for. */
  description: string;
  /** The setting itself; shown disabled (inert) while locked. */
  children: ReactNode;
};

/**
 * A setting that belongs to the Professional plan: while locked it stays visible but inert, with an
 * offer to upgrade. For example around the watermark switch of a screener's configuration.
 */
export function ProfessionalLock({ locked, feature, description, children }: Props) {
  if (!locked) return <>{children}</>;
  return (
    <Paper withBorder radius="md" p="md" data-testid="professional-lock">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon size="sm" variant="light" color="grape">
              <IconLock size={14} />
            </ThemeIcon>
            <Text fw={600} fz="sm">
              {feature}
            </Text>
          </Group>
          <Badge variant="light" color="grape" size="sm">
            Professional
          </Badge>
        </Group>
        <div inert style={{ opacity: 0.55 }}>
          {children}
        </div>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fz="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
            {description}
          </Text>
          <Button component={Link} to="/pricing-plans" size="xs" variant="light" color="grape">
            Upgrade
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
