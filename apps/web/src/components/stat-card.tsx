import { Card, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  loading?: boolean;
  /** Smaller type, for values longer than a number (dates). */
  small?: boolean;
  testId?: string;
};

/** One headline figure: a small caption above a large number. */
export function StatCard({ label, value, hint, loading = false, small = false, testId }: Props) {
  return (
    <Card radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={2}>
        {label}
      </Text>
      {loading ? (
        <Skeleton h={32} mt={4} w="60%" />
      ) : (
        <Text fz={small ? 'md' : 26} fw={small ? 600 : 700} lh={1.3} mt={small ? 8 : 0}>
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
