import { Box, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSettings, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { getToken } from '../../../lib/auth-token';
import { useUpdateVimeoAccessToken } from '../api/update-vimeo-access-token';
import { announceLinkingResult } from './linking-channel';

type Outcome =
  | { state: 'working' }
  | { state: 'linked'; accountName: string }
  | { state: 'failed'; title: string; message: string };

const CLOSE_AFTER_MS = 1500;

function failureFor(params: URLSearchParams): Outcome | null {
  const error = params.get('error');
  if (error === 'access_denied') {
    return {
      state: 'failed',
      title: 'Vimeo was not linked',
      message: 'You did not allow Screenroom to read your Vimeo films. You can try again at any time.',
    };
  }
  if (error) {
    return {
      state: 'failed',
      title: 'Vimeo was not linked',
      message: `Vimeo answered: ${params.get('error_description') ?? error}.`,
    };
  }
  if (!params.get('code') || !params.get('state')) {
    return {
      state: 'failed',
      title: 'Nothing to link here',
      message: 'Vimeo opens this page after you approve access. Start from Vimeo Configurations in Settings.',
    };
  }
  if (!getToken()) {
    return {
      state: 'failed',
      title: 'Sign in first',
      message: 'Sign in to Screenroom in this browser, then connect with Vimeo again.',
    };
  }
  return null;
}

/**
 * /dialog-vimeo-linking (and /dialog/vimeo-linking): where Vimeo sends the popup back with `code` and
 * `state`. It completes the link (the presenter's token is in this origin's storage), tells the page
 * that opened it, and closes itself.
 */
export function VimeoLinkingPage() {
  const [params] = useSearchParams();
  const update = useUpdateVimeoAccessToken({ silent: true });
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const started = useRef(false);
  const inPopup = typeof window !== 'undefined' && (window.opener !== null || window.name !== '');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const failure = failureFor(params);
    if (failure) {
      setOutcome(failure);
      if (failure.state === 'failed') announceLinkingResult({ ok: false, message: failure.message });
      return;
    }
    update.mutate(
      { code: params.get('code')!, state: params.get('state')! },
      {
        onSuccess: (r) => {
          setOutcome({ state: 'linked', accountName: r.vimeo.name });
          announceLinkingResult({ ok: true, accountName: r.vimeo.name });
          setTimeout(() => window.close(), CLOSE_AFTER_MS);
        },
        onError: (error) => {
          setOutcome({ state: 'failed', title: 'Vimeo was not linked', message: error.message });
          announceLinkingResult({ ok: false, message: error.message });
        },
      },
    );
  }, [params, update]);

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px="md" py="sm">
        <Logo size={28} />
        <ThemeToggle size="lg" />
      </Group>
      <Center style={{ flex: 1 }} px="md" pb="xl">
        <Paper withBorder radius="lg" p="xl" shadow="md" w="100%" maw={420} className="page-enter">
          <Stack
            align="center"
            ta="center"
            gap="md"
            data-testid="vimeo-linking-outcome"
            data-state={outcome.state}
          >
            {outcome.state === 'working' && (
              <>
                <Loader type="dots" size="lg" aria-label="Linking" />
                <Title order={2} fz={20}>
                  Linking your Vimeo account…
                </Title>
                <Text size="sm" c="dimmed">
                  This window closes by itself in a moment.
                </Text>
              </>
            )}
            {outcome.state === 'linked' && (
              <>
                <ThemeIcon size={56} radius="xl" color="teal" variant="light">
                  <IconCircleCheck size={30} />
                </ThemeIcon>
                <Title order={2} fz={20}>
                  Vimeo account linked
                </Title>
                <Text size="sm" c="dimmed">
                  {outcome.accountName} is now linked to Screenroom. This window closes by itself.
                </Text>
              </>
            )}
            {outcome.state === 'failed' && (
              <>
                <ThemeIcon size={56} radius="xl" color="red" variant="light">
                  <IconAlertTriangle size={30} />
                </ThemeIcon>
                <Title order={2} fz={20}>
                  {outcome.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {outcome.message}
                </Text>
              </>
            )}
            {outcome.state !== 'working' && (
              <Group gap="sm" justify="center">
                {inPopup && (
                  <Button variant="default" leftSection={<IconX size={16} />} onClick={() => window.close()}>
                    Close this window
                  </Button>
                )}
                <Button
                  component={Link}
                  to="/settings/vimeo-configurations"
                  variant="light"
                  leftSection={<IconSettings size={16} />}
                >
                  Vimeo Configurations
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
