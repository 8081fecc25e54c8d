import { Badge, Tooltip } from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMagicLink } from '../../sharing/api/magic-link';

/** A viewer who came through the film's anonymous link is refused once that link is disabled. */
function AnonymousStatus({ link }: { link: TrackingLink }) {
  const anonymousLink = useMagicLink(link.video_id);
  if (anonymousLink.data?.status === 'disabled')
    return (
      <Tooltip
        label="The film's anonymous link is disabled: its viewers can no longer watch."
        multiline
        maw={280}
      >
        <Badge color="gray" variant="light">
          Disabled
        </Badge>
      </Tooltip>
    );
  return <LinkStatus link={link} />;
}

/** Where a viewer's link stands: revoked, disabled, not sent, ended, limit reached, or active. */
export function StatusBadge({ link }: { link: TrackingLink }) {
  if (link.status !== 'revoked' && link.generated_by === 'magic_link') return <AnonymousStatus link={link} />;
  return <LinkStatus link={link} />;
}

function LinkStatus({ link }: { link: TrackingLink }) {
  if (link.status === 'revoked')
    return (
      <Badge color="red" variant="light">
        Revoked
      </Badge>
    );
  if (link.invitation?.status === 'failed') {
    return (
      <Tooltip label={link.invitation.error ?? 'The invitation could not be sent'} multiline maw={280}>
        <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />}>
          Not sent
        </Badge>
      </Tooltip>
    );
  }
  if (link.ends_at && new Date(link.ends_at) < new Date())
    return (
      <Badge color="gray" variant="light">
        Ended
      </Badge>
    );
  // The viewer is refused ("viewing limit reached") though the link itself is active.
  if (link.usage_limit !== null && link.sessions >= link.usage_limit)
    return (
      <Tooltip
        label="Every viewing is used: raise the limit in the link’s configuration to let them watch again."
        multiline
        maw={280}
      >
        <Badge color="yellow" variant="light">
          Limit reached
        </Badge>
      </Tooltip>
    );
  return (
    <Badge color="teal" variant="light">
      Active
    </Badge>
  );
}
