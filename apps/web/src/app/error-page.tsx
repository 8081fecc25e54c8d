import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import { IconHome, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LogoMark } from '../components/logo';
import { ApiError } from '../lib/api-client';
import { isChunkLoadError, reloadForNewVersion, serverAnswers } from '../lib/chunk-reload';

function statusOf(error: unknown) {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError && error.status) return error.status;
  return 500;
}

/** A page whose code could not be fetched: a new version (reload), or a server out of reach (say so). */
function useChunkRecovery(error: unknown) {
  const [state, setState] = useState<'checking' | 'unreachable' | null>(() =>
    isChunkLoadError(error) ? 'checking' : null,
  );
  useEffect(() => {
    if (!isChunkLoadError(error)) return setState(null);
    let live = true;
    setState('checking');
    void serverAnswers().then(async (up) => {
      if (!live) return;
      // A reload for the new version is under way, or was made a minute ago (then say what happened).
      // The server was just asked: the reload does not ask again.
      if (!up) setState('unreachable');
      else if (!(await reloadForNewVersion(Date.now(), window.localStorage, async () => true)))
        setState(null);
    });
    return () => {
      live = false;
    };
  }, [error]);
  return state;
}

function Unreachable() {
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  const retry = async () => {
    setChecking(true);
    if (await serverAnswers()) return window.location.reload();
    setChecking(false);
    setStillDown(true);
  };
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <IconWifiOff size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Title order={2}>Screenroom cannot be reached</Title>
        <Text c="dimmed" size="sm">
          {stillDown
            ? 'Still no answer. Check your connection, then try again in a moment.'
            : 'Check your connection. The page opens once Screenroom answers again.'}
        </Text>
        <Button leftSection={<IconRefresh size={18} />} loading={checking} onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}

function RouteErrorContent() {
  const error = useRouteError();
  const recovery = useChunkRecovery(error);
  if (recovery === 'unreachable') return <Unreachable />;
  // The generic words would flash for the moment the server is asked.
  if (recovery === 'checking') return <Center mih="70vh" />;
  const status = statusOf(error);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <LogoMark size={48} />
        <Title order={2}>{status === 404 ? MESSAGES.errorPageNotFound : MESSAGES.errorPageGeneric}</Title>
        {status !== 404 && error instanceof Error && (
          <Text c="dimmed" size="sm">
            {error instanceof ApiError
              ? error.message
              : 'Please try again. If it keeps happening, reload the page.'}
          </Text>
        )}
        {import.meta.env.DEV && error instanceof Error && <Code block>{error.stack}</Code>}
        <Button component="a" href="/" leftSection={<IconHome size={18} />} variant="light">
          Home page
        </Button>
      </Stack>
    </Center>
  );
}

/** If the error page itself fails, a plain fallback that cannot. */
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <div style={{ padding: 32, fontFamily: 'system-ui, sans-serif', textAlign: 'center' }}>
          <p>{MESSAGES.errorPageFailed}</p>
          <a href="/">Go back to home</a>
        </div>
      );
    }
    return this.props.children;
  }
}

export function RouteErrorPage() {
  return (
    <ErrorPageBoundary>
      <RouteErrorContent />
    </ErrorPageBoundary>
  );
}
