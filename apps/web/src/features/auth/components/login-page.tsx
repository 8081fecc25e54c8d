import { Alert, Anchor, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { generateLoginLinkBody } from '@screenroom/shared/schemas/auth';
import { IconMail, IconMailCheck, IconMailQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CaptchaField } from '../../../components/captcha-field';
import { showServerErrors } from '../../../lib/forms';
import { useGenerateLoginLink } from '../api/generate-login-link';
import { useLogin } from '../api/login';
import type { OtpSent } from '../api/types';
import { OtpStep } from './otp-step';
import { useCaptcha } from './use-captcha';

export function LoginPage() {
  const login = useLogin({ silent: true });
  // The code step shows no refusal of a resend: its toast says it.
  const resend = useLogin();
  const loginLink = useGenerateLoginLink({ silent: true });
  const [codeSent, setCodeSent] = useState<OtpSent | null>(null);
  const [linkSent, setLinkSent] = useState<OtpSent | null>(null);
  const captcha = useCaptcha();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(generateLoginLinkBody, { sync: true }),
  });

  if (codeSent) {
    return (
      <OtpStep
        sent={codeSent}
        onResend={(captchaToken) => resend.mutateAsync({ email: codeSent.email, captchaToken })}
        onBack={() => setCodeSent(null)}
        captcha={captcha.settings}
      />
    );
  }

  const email = () => form.getValues().email.trim().toLowerCase();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          Sign in
        </Title>
        <Text c="dimmed" fz="sm">
          We will e-mail you a one-time code. No password to remember.
        </Text>
      </Stack>
      {linkSent?.delivery === 'sent' && (
        <Alert icon={<IconMailCheck />} color="teal" variant="light" title="Check your inbox">
          We sent a sign-in link to {linkSent.email}. Open it on this device to sign in.
        </Alert>
      )}
      {linkSent?.delivery === 'unconfirmed' && (
        <Alert icon={<IconMailQuestion />} color="yellow" variant="light" title="The e-mail may be late">
          Our mail server could not confirm that the sign-in link to {linkSent.email} left. If it has not
          arrived in a few minutes, send a new one.
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit(() => {
          if (!captcha.ready()) return;
          login.mutate(
            { email: email(), captchaToken: captcha.token },
            {
              onSuccess: (r) => {
                captcha.afterAnswer();
                setCodeSent(r);
              },
              onError: (e) => {
                captcha.afterAnswer(e);
                showServerErrors(form, e, ['captchaToken']);
              },
            },
          );
        })}
      >
        <Stack gap="md">
          <TextInput
            label="E-mail"
            placeholder="you@yourfilm.com"
            type="email"
            autoComplete="email"
            autoFocus
            size="md"
            leftSection={<IconMail size={18} />}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          {captcha.settings && (
            <CaptchaField
              siteKey={captcha.settings.siteKey}
              version={captcha.settings.version}
              onToken={captcha.onToken}
              error={captcha.error}
              ref={captcha.ref}
            />
          )}
          <Button type="submit" size="md" fullWidth loading={login.isPending || captcha.loading}>
            Send me a code
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        loading={loginLink.isPending || captcha.loading}
        onClick={() => {
          if (form.validate().hasErrors || !captcha.ready()) return;
          loginLink.mutate(
            { email: email(), captchaToken: captcha.token },
            {
              onSuccess: (r) => {
                captcha.afterAnswer();
                setLinkSent(r);
              },
              onError: (e) => {
                captcha.afterAnswer(e);
                showServerErrors(form, e, ['captchaToken']);
              },
            },
          );
        }}
      >
        E-mail me a sign-in link instead
      </Button>
      <Text ta="center" fz="sm" c="dimmed">
        New to Screenroom?{' '}
        <Anchor component={Link} to="/register" fw={600}>
          Create an account
        </Anchor>
      </Text>
    </Stack>
  );
}
