import {
  Alert,
  Anchor,
  Button,
  Group,
  PinInput,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { OTP_LENGTH } from '@screenroom/shared/constants';
import { IconArrowLeft, IconMailQuestion } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { CaptchaField } from '../../../components/captcha-field';
import { useSmallPhone } from '../../../lib/use-phone';
import type { OtpSent } from '../api/types';
import { useVerifyOtp } from '../api/verify-otp';
import type { CaptchaSettings } from './use-captcha';

const RESEND_COOLDOWN_S = 30;

/** The second step of sign-in and registration: the 6-digit code from the e-mail. */
export function OtpStep(props: {
  /** The answer that sent the code. */
  sent: OtpSent;
  /** Sends a new code; with a captcha, each new code needs a newly solved one. */
  onResend: (captchaToken?: string) => Promise<OtpSent>;
  onBack: () => void;
  captcha?: CaptchaSettings | null;
}) {
  const { onResend, onBack, captcha } = props;
  const { email } = props.sent;
  const [delivery, setDelivery] = useState(props.sent.delivery);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const verify = useVerifyOtp();
  const [code, setCode] = useState('');
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  const [resending, setResending] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const theme = useComputedColorScheme('dark');
  // Six large boxes ran past the card's padding on a phone.
  const phone = useSmallPhone();
  const pinBoxes = useRef<HTMLDivElement>(null);
  const submit = (value = code) => {
    if (value.length !== OTP_LENGTH) return;
    // A new account starts in this device's time zone and theme (a sign-in keeps the profile's).
    const preferences = { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, theme };
    verify.mutate(
      { email, otp: value, preferences },
      {
        // A wrong code is cleared, the first box focused: typing over the six digits never completed
        // the code again, so the next one was not sent by itself.
        onError: () => {
          setCode('');
          pinBoxes.current?.querySelector('input')?.focus();
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={22}>
          Check your e-mail
        </Title>
        <Text c="dimmed" fz="sm">
          {delivery === 'sent' ? 'We sent' : 'We tried to send'} a {OTP_LENGTH}-digit code to <b>{email}</b>.
          It works for {props.sent.expiresInMinutes} minutes.
        </Text>
      </Stack>
      {delivery === 'unconfirmed' && (
        <Alert color="yellow" variant="light" icon={<IconMailQuestion />} title="The e-mail may be late">
          Our mail server could not confirm that the code left. If it has not arrived in a few minutes, ask
          for a new one.
        </Alert>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="lg">
          <Group justify="center" ref={pinBoxes}>
            <PinInput
              length={OTP_LENGTH}
              type="number"
              oneTimeCode
              autoFocus
              size={phone ? 'md' : 'lg'}
              gap={phone ? 6 : 'sm'}
              value={code}
              onChange={(value) => {
                setCode(value);
                verify.reset();
              }}
              onComplete={submit}
              error={verify.isError}
              aria-label="One-time code"
              data-testid="otp-input"
            />
          </Group>
          <Button
            type="submit"
            fullWidth
            size="md"
            loading={verify.isPending}
            disabled={code.length !== OTP_LENGTH}
          >
            Verify and continue
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" fz="sm">
        <Anchor component="button" type="button" fz="sm" onClick={onBack} c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} /> Use another e-mail
          </Group>
        </Anchor>
        <Anchor
          component="button"
          type="button"
          fz="sm"
          disabled={cooldown > 0 || (Boolean(captcha) && !captchaToken)}
          // Not disabled while it sends: a disabled button drops its focus to the page, and a refused
          // resend (too many codes, no network) left the person nowhere.
          aria-disabled={resending || undefined}
          c={cooldown > 0 ? 'dimmed' : undefined}
          onClick={async () => {
            if (resending) return;
            setResending(true);
            try {
              setDelivery((await onResend(captchaToken ?? undefined)).delivery);
              setCooldown(RESEND_COOLDOWN_S);
              setCode('');
              // The new code goes in the boxes; Resend waits out its cooldown, disabled.
              pinBoxes.current?.querySelector('input')?.focus();
            } catch {
              // Said by its toast (the query client's); Resend keeps the focus for another try.
            } finally {
              setResending(false);
              setCaptchaToken(null);
            }
          }}
        >
          {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
        </Anchor>
      </Group>
      {captcha && cooldown <= 0 && !resending && (
        <CaptchaField siteKey={captcha.siteKey} version={captcha.version} onToken={setCaptchaToken} />
      )}
    </Stack>
  );
}
