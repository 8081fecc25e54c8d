import { Badge, Button, Group, Modal, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import type { InviteResponse } from '@screenroom/shared/schemas/tracking-links';
import { IconMailCheck, IconMailExclamation } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useDialogNavigation } from './use-dialog-navigation';

const OUTCOME: Record<InviteResponse['results'][number]['outcome'], { label: string; color: string }> = {
  invited: { label: 'Invited', color: 'teal' },
  already_invited: { label: 'Already invited', color: 'yellow' },
  invalid: { label: 'Not an address', color: 'red' },
  failed: { label: 'Not sent', color: 'orange' },
};

/**
 * /screeners/{id}/dialog/invited-successfully: what happened to each address (in the navigation state).
 * Opened from its address alone (a bookmark), it has no outcome to show and points to Shared with.
 */
export function InvitedSuccessfullyDialog() {
  const { open, close, state, video } = useDialogNavigation();
  const navigate = useNavigate();
  const result = state.result as InviteResponse | undefined;
  // Nobody new was invited (all already were, or none was an address): no green tick for that.
  const noneSent = result?.invited === 0;
  return (
    <Modal opened onClose={close} title="Invitations" size="lg" radius="lg">
      <Stack gap="md">
        {/* The words take what the icon leaves: a long sentence wrapped them under it. */}
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon
            size={44}
            radius="xl"
            variant="light"
            color={noneSent ? 'yellow' : 'teal'}
            data-testid="invite-outcome-icon"
          >
            {noneSent ? <IconMailExclamation size={24} /> : <IconMailCheck size={24} />}
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Title order={3} size="h4">
              {!result
                ? 'Your invitations'
                : noneSent
                  ? 'No invitation sent'
                  : `${result.invited} invitation${result.invited === 1 ? '' : 's'} sent`}
            </Title>
            <Text size="sm" c="dimmed">
              {!result
                ? `Everyone you invited to ${video.title} is listed under Shared with.`
                : noneSent
                  ? 'See why below for each address.'
                  : `Each person has a link of their own to ${video.title}; their sessions will appear in Tracking links.`}
            </Text>
          </div>
        </Group>
        {result && (
          <Table data-testid="invite-results">
            <Table.Tbody>
              {result.results.map((r) => (
                <Table.Tr key={r.email}>
                  <Table.Td>
                    {r.name && (
                      <Text size="sm" fw={500}>
                        {r.name}
                      </Text>
                    )}
                    <Text size="sm" c={r.name ? 'dimmed' : undefined}>
                      {r.email}
                    </Text>
                    {r.outcome !== 'invited' && (
                      <Text size="xs" c="dimmed">
                        {r.message}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Badge variant="light" color={OUTCOME[r.outcome].color}>
                      {OUTCOME[r.outcome].label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => open('configure-invitation')}>
            Invite more people
          </Button>
          {result ? (
            <Button onClick={close}>Done</Button>
          ) : (
            <Button onClick={() => navigate(`/screeners/${video.id}/shared-with`)}>See Shared with</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
