import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { RedirectCountdown } from './redirect-countdown';

export const COUNTDOWN_SECONDS = 5;

/** Sharing succeeded: the link, and the countdown to the next step (screener-watch). */
export function ShareDone({
  message,
  accessUrl,
  videoId,
  linkId,
}: {
  message: string;
  accessUrl: string | null;
  videoId: string;
  linkId: string;
}) {
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCheck size={18} />} title="Shared">
        <Stack gap="xs">
          <Text size="sm">{message}</Text>
          {accessUrl && (
            <Group gap="xs" wrap="nowrap">
              <Code style={{ overflowWrap: 'anywhere' }} data-testid="shared-access-url">
                {accessUrl}
              </Code>
              <CopyButton value={accessUrl}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy the link'}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label="Copy the link">
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          )}
        </Stack>
      </Alert>
      <RedirectCountdown
        seconds={COUNTDOWN_SECONDS}
        label="Opening the next step"
        onDone={() => navigate(`/onboarding/screener-watch?video=${videoId}&link=${linkId}`)}
      />
    </Stack>
  );
}
