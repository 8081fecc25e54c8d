import { Badge, Button } from '@mantine/core';
import type { SessionSummary } from '@screenroom/shared/schemas/analytics';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { replayPath } from './session-meta';

/** A tracking link's sessions as listed on its overview (a table, or cards on a phone). */
export type SessionListProps = { link: TrackingLink; sessions: SessionSummary[]; timezone: string };

/** Marks a session still sending signs of life. */
export function LiveBadge() {
  return (
    <Badge size="xs" color="red" variant="light" style={{ flex: 'none' }}>
      Live
    </Badge>
  );
}

/** Opens a session in the replay; its name says which, since every row has one. */
export function ReplayButton({
  videoId,
  linkId,
  sessionId,
  started,
}: {
  videoId: string;
  linkId: string;
  sessionId: string;
  /** When the session started, as shown beside the button. */
  started: string;
}) {
  return (
    <Button
      component={Link}
      to={replayPath(videoId, linkId, sessionId)}
      aria-label={`Replay the session of ${started}`}
      size="compact-sm"
      variant="light"
      leftSection={<IconPlayerPlay size={14} />}
      style={{ flex: 'none' }}
    >
      Replay
    </Button>
  );
}
