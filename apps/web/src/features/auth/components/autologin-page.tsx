import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@screenroom/shared/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useLogout } from '../api/logout';
import { useSession, useSignedIn } from '../api/session';
import { revokeSignIn, useVerifyLoginCode } from '../api/verify-login-code';

/** A link mangled on its way (cut, too long): the server refused its shape, not a code it knows. */
const isRefusedInput = (error: Error) =>
  error instanceof ApiError && error.status === 400 && error.errors.some((e) => e.field === 'code');

/**
 * /autologin?code=...: the sign-in link from the e-mail. The code is exchanged at once (it is single
 * use), but the sign-in is kept only when the person confirms the account it names: any page can send a
 * browser here with a link to the sender's own account, and signing in silently would let the victim
 * work (upload films, invite viewers) in the sender's account (login CSRF). "Not my account" revokes it.
 */
export function AutologinPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const session = useSession();
  const verify = useVerifyLoginCode();
  const signedIn = useSignedIn();
  const logout = useLogout();
  const started = useRef(false);
  const [choice, setChoice] = useState<'kept' | 'declined' | null>(null);

  useEffect(() => {
    if (session.status !== 'signed-out' || !code || started.current) return;
    started.current = true;
    verify.mutate(code);
  }, [session.status, code, verify]);

  if (choice === 'kept') return <Navigate to="/" replace />;

  if (choice === 'declined') {
    return (
      <Stack gap="md">
        <Title order={1} fz={22}>
          You are not signed in
        </Title>
        <Text c="dimmed">The sign-in link was for someone else's account, and it no longer works.</Text>
        <Button component={Link} to="/login">
          Sign in to your account
        </Button>
      </Stack>
    );
  }

  if (verify.isSuccess) {
    const { presenter } = verify.data;
    const token = verify.data.tokens.access.token;
    return (
      <Stack gap="md">
        {/* The address, which the account's owner proved, not the name, which they chose (it could be yours). */}
        <Title order={1} fz={22} style={{ overflowWrap: 'anywhere' }}>
          Sign in as {presenter.email}?
        </Title>
        <Text>
          This link signs you in to the Screenroom account of <strong>{presenter.email}</strong>.
        </Text>
        <Text c="dimmed" size="sm">
          If that is not your address, do not continue: someone may have sent you a link to their own account,
          to see what you upload there.
        </Text>
        <Button
          onClick={() => {
            signedIn(verify.data);
            setChoice('kept');
          }}
        >
          Continue as {presenter.email}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            void revokeSignIn(token).catch(() => undefined);
            setChoice('declined');
          }}
        >
          This is not my account
        </Button>
      </Stack>
    );
  }

  if (session.status === 'signed-in' && !started.current) {
    return (
      <Stack gap="md">
        <Title order={1} fz={22}>
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
        <Title order={1} fz={22}>
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
