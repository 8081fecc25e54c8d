import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@screenroom/shared/constants';
import { MESSAGES } from '@screenroom/shared/messages';
import type { VimeoAccount, VimeoStatus } from '@screenroom/shared/schemas/vimeo';
import {
  IconAlertTriangle,
  IconBrandVimeo,
  IconCircleCheck,
  IconExternalLink,
  IconInfoCircle,
  IconPlugConnected,
  IconRefresh,
  IconUnlink,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { openConfirm } from '../../../lib/confirm';
import { notifySuccess } from '../../../lib/notify';
import { whenDone } from '../../../lib/query-client';
import { usePresenter } from '../../auth/api/session';
import { useVimeoStatus } from '../api/get-vimeo-status';
import { useRevokeVimeoAccess } from '../api/revoke-vimeo-access';
import { ConnectVimeoButton } from './connect-vimeo-button';
import { planLabel } from './format';
import { VimeoTokenForm } from './vimeo-token-form';
import { VimeoVideoPicker } from './vimeo-video-picker';

function ProAdvice() {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle />} p="sm" data-testid="vimeo-pro-advice">
      <Text size="sm">{MESSAGES.vimeoProAdvised}</Text>
    </Alert>
  );
}

/** How to link: "Connect with Vimeo" when the server has a Vimeo app, and always the pasted token. */
function LinkOptions({ oauthEnabled, onLinked }: { oauthEnabled: boolean; onLinked?: () => void }) {
  return (
    <Stack gap="md">
      {oauthEnabled ? (
        <Stack gap={6} align="flex-start">
          <ConnectVimeoButton onLinked={onLinked} />
          <Text size="xs" c="dimmed">
            Opens Vimeo in a small window: sign in there and allow Screenroom to read your films.
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="vimeo-oauth-off">
          Connecting through Vimeo’s sign-in page is not set up on this server, so link with a personal access
          token.
        </Text>
      )}
      {oauthEnabled && <Divider label="or paste a personal access token" labelPosition="left" />}
      <VimeoTokenForm onLinked={onLinked} />
      <ProAdvice />
    </Stack>
  );
}

function AccountSummary({ account }: { account: VimeoAccount }) {
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar src={account.picture} size={52} radius="xl" color="cyan">
        {account.name.slice(0, 1)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="lg" data-testid="vimeo-account-name" truncate>
            {account.name}
          </Text>
          {account.account_type && (
            <Badge variant="light" color={account.pro_advised ? 'yellow' : 'cyan'} size="sm">
              Vimeo {planLabel(account.account_type)}
            </Badge>
          )}
        </Group>
        {account.link && (
          <Anchor href={account.link} target="_blank" rel="noreferrer" size="sm" c="dimmed">
            <Group gap={4} wrap="nowrap">
              {account.link.replace(/^https?:\/\//, '')}
              <IconExternalLink size={13} />
            </Group>
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}

function LinkedCard({ status, presenterId }: { status: VimeoStatus; presenterId: string }) {
  const revoke = useRevokeVimeoAccess();
  const [relinking, setRelinking] = useState(false);

  const confirmRevoke = () =>
    openConfirm({
      title: 'Revoke Vimeo access?',
      centered: true,
      children: (
        <Text size="sm">
          Screenroom forgets your access token and asks Vimeo to revoke it, so it can no longer list your
          films. You can link your account again at any time.
        </Text>
      ),
      labels: { confirm: 'Revoke access', cancel: 'Cancel' },
      confirmProps: { color: 'red.8', leftSection: <IconUnlink size={16} /> },
      // This card is gone once the account reads as unlinked, often before the mutation settles.
      onConfirm: () => {
        const revoking = revoke.mutateAsync(presenterId);
        whenDone(revoking, (r) => {
          setRelinking(false);
          if (r.revokedAtVimeo) notifySuccess('Your Vimeo account is unlinked.');
          else
            notifications.show({
              color: 'yellow',
              title: 'Unlinked here',
              message:
                'Vimeo could not be told to revoke the token. You can remove it in your Vimeo app settings.',
              autoClose: TOAST_DURATION_MS * 2,
              withCloseButton: true,
              closeButtonProps: { 'aria-label': 'Close' },
            });
        });
        return revoking;
      },
    });

  return (
    <Card radius="lg" p="lg" data-testid="vimeo-linked">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          {status.account ? (
            <AccountSummary account={status.account} />
          ) : (
            <Group gap="sm">
              <ThemeIcon size={52} radius="xl" variant="light" color="cyan">
                <IconBrandVimeo size={26} />
              </ThemeIcon>
              <Text fw={600}>A Vimeo account is linked</Text>
            </Group>
          )}
          <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={13} />} size="lg">
            Linked
          </Badge>
        </Group>
        {status.problem && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} p="sm">
            {status.problem}
          </Alert>
        )}
        {status.account?.pro_advised && <ProAdvice />}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => setRelinking((v) => !v)}
          >
            {relinking ? 'Keep this account' : 'Re-link'}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconUnlink size={16} />}
            loading={revoke.isPending}
            onClick={confirmRevoke}
          >
            Revoke access
          </Button>
        </Group>
        {relinking && (
          <>
            <Divider label="Link another token or account" labelPosition="left" />
            <LinkOptions oauthEnabled={status.oauthEnabled} onLinked={() => setRelinking(false)} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function UnlinkedCard({ status }: { status: VimeoStatus }) {
  return (
    <Card radius="lg" p="lg" data-testid="vimeo-unlinked">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 300px' }}>
            <ThemeIcon
              size={52}
              radius="xl"
              variant="light"
              color="cyan"
              visibleFrom="xs"
              style={{ flexShrink: 0 }}
            >
              <IconPlugConnected size={26} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={600} size="lg">
                Link your Vimeo account
              </Text>
              <Text size="sm" c="dimmed">
                Turn the films already on your Vimeo account into screeners. They keep playing through the
                Vimeo player, with Screenroom’s links, limits and tracking around them.
              </Text>
            </Stack>
          </Group>
          <Badge color="gray" variant="light" size="lg">
            Not linked
          </Badge>
        </Group>
        {status.problem && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} p="sm">
            {status.problem}
          </Alert>
        )}
        <LinkOptions oauthEnabled={status.oauthEnabled} />
      </Stack>
    </Card>
  );
}

/** /settings/vimeo-configurations: link, re-link or revoke the Vimeo account, and preview its films. */
export function VimeoConfigurationsPage() {
  const presenter = usePresenter();
  const status = useVimeoStatus();
  const navigate = useNavigate();

  return (
    <Stack gap="lg" maw={980}>
      <Stack gap={4}>
        <Title order={2} fz={22}>
          Vimeo Configurations
        </Title>
        <Text c="dimmed" size="sm">
          Import screeners from Vimeo. Password-protected films cannot be imported: set their privacy to
          Hidden on Vimeo instead.
        </Text>
      </Stack>

      {status.isPending ? (
        <Card radius="lg" p="lg" aria-busy="true">
          <Group gap="md">
            <Skeleton circle height={52} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={14} width="40%" />
              <Skeleton height={10} width="60%" />
            </Stack>
          </Group>
        </Card>
      ) : !status.data ? (
        <LoadFailedNote title="Vimeo settings could not be loaded" query={status} />
      ) : status.data.linked ? (
        <LinkedCard status={status.data} presenterId={presenter.id} />
      ) : (
        <UnlinkedCard status={status.data} />
      )}

      {status.data?.linked && (
        <Card radius="lg" p="lg">
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={3} fz={18}>
                Your Vimeo films
              </Title>
              <Text size="sm" c="dimmed">
                The films Screenroom can see on your linked account. Pick one to make it a screener.
              </Text>
            </Stack>
            <VimeoVideoPicker
              pickLabel="Add as screener"
              onPick={(video) => navigate(`/screeners/dialog/add-screener?vimeo=${video.vimeo_id}`)}
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
