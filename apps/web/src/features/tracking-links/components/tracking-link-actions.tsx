import { ActionIcon, CopyButton, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import {
  IconChartBar,
  IconCheck,
  IconCopy,
  IconDots,
  IconMailForward,
  IconPlayerPlay,
  IconSettings,
  IconUserOff,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { openConfirm } from '../../../lib/confirm';
import { focusWhenRowLeaves } from '../../../lib/focus-when-row-leaves';
import { notifySuccess } from '../../../lib/notify';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateStatus } from '../api/update-status';

/** The row actions of a viewer: copy their link, configure, revoke or enable, resend the invitation. */
export function TrackingLinkActions({ link }: { link: TrackingLink }) {
  const status = useUpdateStatus();
  const resend = useResendInvitation();
  const base = `/screeners/${link.video_id}/tracking-links/${link.id}`;
  const who = viewerLabel(link);
  // The e-mail first, as the table shows it; an anonymous viewer by their short code.
  const named = link.viewer_email ?? who;
  const actions = useRef<HTMLButtonElement>(null);
  const changeStatus = (to: 'active' | 'revoked', done: string) => {
    // A list filtered by status loses the row, and with it the focus this menu gave back to its button.
    focusWhenRowLeaves(actions.current);
    status.mutate({ id: link.id, status: to }, { onSuccess: () => notifySuccess(done) });
  };
  return (
    <>
      <CopyButton value={link.access_url} timeout={1500}>
        {({ copied, copy }) => (
          <>
            <Tooltip label={copied ? 'Link copied' : 'Copy their link'}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                aria-label={`Copy the link of ${named}`}
                onClick={copy}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
            <VisuallyHidden role="status">{copied ? 'Link copied' : ''}</VisuallyHidden>
          </>
        )}
      </CopyButton>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            ref={actions}
            variant="subtle"
            color="gray"
            aria-label={`Actions for ${named}`}
            data-row-control="actions"
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={`${base}/overview`} leftSection={<IconChartBar size={16} />}>
            Overview
          </Menu.Item>
          <Menu.Item component={Link} to={`${base}/configuration`} leftSection={<IconSettings size={16} />}>
            Configure
          </Menu.Item>
          {/* A revoked link is enabled again first (the next item); a mail to it would not open. */}
          {link.invitation && link.status === 'active' && (
            <Menu.Item
              leftSection={<IconMailForward size={16} />}
              onClick={() =>
                resend.mutate(link.id, {
                  onSuccess: () => notifySuccess(`Invitation sent again to ${link.viewer_email}`),
                })
              }
            >
              {link.invitation.status === 'failed' ? 'Send the invitation again' : 'Resend invitation'}
            </Menu.Item>
          )}
          <Menu.Divider />
          {link.status === 'active' ? (
            <Menu.Item
              color="red"
              leftSection={<IconUserOff size={16} />}
              onClick={() =>
                // Revoking stops a viewer who is watching within seconds: asked first, as a deletion is.
                openConfirm({
                  title: `Revoke the access of ${who}?`,
                  centered: true,
                  children: (
                    <Text size="sm">
                      Their link stops working at once; if they are watching, the film stops within seconds.
                      You can enable the same link again later.
                    </Text>
                  ),
                  labels: { confirm: 'Revoke access', cancel: 'Keep access' },
                  confirmProps: { color: 'red.8', leftSection: <IconUserOff size={16} /> },
                  onConfirm: () =>
                    changeStatus('revoked', `${who} can no longer watch. Their link is revoked.`),
                })
              }
            >
              Revoke access
            </Menu.Item>
          ) : (
            <Menu.Item
              color="teal"
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => changeStatus('active', `${who} can watch again with the same link.`)}
            >
              Enable again
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
