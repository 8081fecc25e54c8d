import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import { IconHome } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LogoMark } from '../components/logo';
import { ApiError } from '../lib/api-client';
import { isChunkLoadError, reloadForNewVersion } from '../lib/chunk-reload';

function statusOf(error: unknown) {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError && error.status) return error.status;
  return 500;
}

function RouteErrorContent() {
  const error = useRouteError();
  if (isChunkLoadError(error)) reloadForNewVersion();
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
