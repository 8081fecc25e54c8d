import { Anchor, Box, Group, Input, Text, useComputedColorScheme } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { renderRecaptcha } from '../lib/recaptcha';

export type CaptchaHandle = { reset: () => void };

type Props = {
  siteKey: string | undefined;
  version: string | undefined;
  onToken: (token: string | null) => void;
  /** The server's (or the form's) message about the captcha. */
  error?: string | null;
  ref?: React.Ref<CaptchaHandle>;
};

/** Google's "I'm not a robot" checkbox (reCAPTCHA v2), in the app's colour scheme. */
export function CaptchaField({ siteKey, version, onToken, error, ref }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const reset = useRef<() => void>(() => {});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const scheme = useComputedColorScheme('dark');
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useImperativeHandle(ref, () => ({ reset: () => reset.current() }), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` renders the widget again on "Try again"
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    // The widget cannot be re-themed: a theme change renders a new one.
    const slot = document.createElement('div');
    host.replaceChildren(slot);
    let alive = true;
    setLoadError(null);
    renderRecaptcha({
      siteKey,
      version,
      container: slot,
      theme: scheme,
      onToken: (token) => alive && onTokenRef.current(token),
    }).then(
      (resetWidget) => {
        reset.current = resetWidget;
      },
      (failure: Error) => alive && setLoadError(failure.message),
    );
    return () => {
      alive = false;
      onTokenRef.current(null);
    };
  }, [siteKey, version, scheme, attempt]);

  return (
    <Input.Wrapper
      data-testid="captcha"
      error={
        loadError ? (
          <Group gap={6} component="span">
            <Text component="span" inherit>
              {loadError}
            </Text>
            <Anchor component="button" type="button" inherit onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Anchor>
          </Group>
        ) : (
          error
        )
      }
    >
      <Box ref={container} mih={loadError ? 0 : 78} />
    </Input.Wrapper>
  );
}
