import { Badge } from '@mantine/core';
import type { LogLevel } from '@screenroom/shared/enums';

const COLORS: Record<LogLevel, string> = { debug: 'gray', info: 'blue', warn: 'orange', error: 'red' };

export function LevelBadge({ level }: { level: LogLevel }) {
  return (
    <Badge color={COLORS[level]} variant="light" size="sm" miw={56}>
      {level}
    </Badge>
  );
}
