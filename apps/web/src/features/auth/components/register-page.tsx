import { Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { registerBody } from '@screenroom/shared/schemas/auth';
import { IconMail, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CaptchaField } from '../../../components/captcha-field';
import { focusFirstError, showServerErrors } from '../../../lib/forms';
import { useRegister } from '../api/register';
import type { OtpSent } from '../api/types';
import { OtpStep } from './otp-step';
import { useCaptcha } from './use-captcha';

export function RegisterPage() {
  const register = useRegister({ silent: true });
  // The code step shows no refusal of a resend: its toast says it.
  const resend = useRegister();
  const [codeSent, setCodeSent] = useState<OtpSent | null>(null);
  const captcha = useCaptcha();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', ownsVideoRights: false },
    validate: schemaResolver(registerBody, { sync: true }),
  });

  const sendWith = (mutation: typeof register) => (captchaToken?: string) => {
    const values = form.getValues();
    return mutation.mutateAsync({
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      ownsVideoRights: values.ownsVideoRights as true,
      captchaToken,
    });
  };

  if (codeSent)
    return (
      <OtpStep
        sent={codeSent}
        onResend={sendWith(resend)}
        onBack={() => setCodeSent(null)}
        captcha={captcha.settings}
      />
    );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          Create your account
        </Title>
        <Text c="dimmed" fz="sm">
          Share private screeners with a link for every viewer, and see how each one watched.
        </Text>
      </Stack>
      <form
        noValidate
        onSubmit={form.onSubmit(() => {
          if (!captcha.ready()) return;
          sendWith(register)(captcha.token).then(
            (r) => {
              captcha.afterAnswer();
              setCodeSent(r);
            },
            (e) => {
              captcha.afterAnswer(e);
              showServerErrors(form, e, ['captchaToken']);
            },
          );
        }, focusFirstError(form))}
      >
        <Stack gap="md">
          <TextInput
            label="Your name"
            placeholder="Jane Director"
            autoComplete="name"
            autoFocus
            size="md"
            leftSection={<IconUser size={18} />}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="E-mail"
            placeholder="you@yourfilm.com"
            type="email"
            autoComplete="email"
            size="md"
            leftSection={<IconMail size={18} />}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Checkbox
            label="I own the rights to the videos I will share, or hold a licence that lets me share them."
            key={form.key('ownsVideoRights')}
            {...form.getInputProps('ownsVideoRights', { type: 'checkbox' })}
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
          <Button type="submit" size="md" fullWidth loading={register.isPending || captcha.loading}>
            Create account
          </Button>
        </Stack>
      </form>
      <Text ta="center" fz="sm" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
