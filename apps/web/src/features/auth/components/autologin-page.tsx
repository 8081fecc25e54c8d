import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useLogout } from '../api/logout';
import { useSession } from '../api/session';
import { useVerifyLoginCode } from '../api/verify-login-code';

/** A link mangled on its way (cut, too long): the server refused its shape, not a code it knows. */
const isRefusedInput = (error: Error) =>
  error instanceof ApiError && error.status === 400 && error.errors.some((e) => e.field === 'code');

/** /autologin?code=...: the one-click sign-in link from the e-mail. */
export function AutologinPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const session = useSession();
  const verify = useVerifyLoginCode();
  const logout = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (session.status !== 'signed-out' || !code || started.current) return;
    started.current = true;
    verify.mutate(code);
  }, [session.status, code, verify]);

  if (verify.isSuccess) return <Navigate to="/" replace />;

  if (session.status === 'signed-in' && !started.current) {
    return (
      <Stack gap="md">
        <Title order={2} fz={22}>
          Sign-in link
        </Title>
        <Alert color="yellow" icon={<IconAlertTriangle />}>
          {MESSAGES.alreadyLoggedIn} ({session.presenter.email}).
        </Alert>
        <Button component={Link} to="/">
          Continue as {session.presenter.name}
        </Button>
        <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
          Sign out and use this link
        </Button>
      </Stack>
    );
  }

  if (!code || verify.isError) {
    return (
      <Stack gap="md">
        <Title order={2} fz={22}>
          This link does not work
        </Title>
        <Text c="dimmed">
          {!verify.error
            ? 'The sign-in link is incomplete. Ask for a new one.'
            : isRefusedInput(verify.error)
              ? MESSAGES.loginLinkInvalid
              : verify.error.message}
        </Text>
        <Button component={Link} to="/login">
          Back to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <Stack align="center" gap="md" py="lg">
      <Loader />
      <Text>Signing you in…</Text>
    </Stack>
  );
}
