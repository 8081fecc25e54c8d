import { Alert, Anchor, Button, Code, Divider, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconEye, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { useOpenPreview } from '../../videos/components/use-open-preview';
import { FilmStatus } from './film-status';
import { OnboardingStep } from './onboarding-step';
import { useOnboardingLink } from './use-onboarding-link';

/** screener-watch: open the shared link in a new tab, as the viewer would. */
export function ScreenerWatchStep() {
  const navigate = useNavigate();
  const { film, link, isPending, failed } = useOnboardingLink();
  const preview = useOpenPreview();
  const [opened, setOpened] = useState(false);

  return (
    <OnboardingStep
      path="screener-watch"
      title="Watch it as your viewer will"
      description="Open the link in a new tab and play a little of the film. Keep this tab open: the next step shows your session."
    >
      {isPending ? (
        <Skeleton h={120} radius="md" />
      ) : (!film || !link) && failed.length > 0 ? (
        <LoadFailedState title="Your link could not be loaded" query={failed} />
      ) : !film || !link ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="No link found">
          Go back and share the film first.
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text fw={600}>{film.title}</Text>
            <FilmStatus film={film} />
          </Group>
          <Text size="sm" c="dimmed">
            The link for {link.viewer_name ?? link.viewer_email ?? 'your viewer'}:
          </Text>
          <Code
            block
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            data-testid="watch-access-url"
          >
            {link.access_url}
          </Code>
          <List size="sm" c="dimmed" spacing={4}>
            <List.Item>
              The viewer sees the film’s page, presses play, and every minute they watch is counted.
            </List.Item>
            <List.Item>Opening this link counts as a session on it, just as it would for them.</List.Item>
          </List>
          <Group gap="sm">
            <Button
              component="a"
              href={link.access_url}
              target="_blank"
              rel="noopener"
              size="md"
              leftSection={<IconExternalLink size={18} />}
              onClick={() => setOpened(true)}
            >
              Open the screener in a new tab
            </Button>
            <Button
              variant="default"
              leftSection={<IconEye size={18} />}
              loading={preview.opening}
              onClick={(event) => preview.open(film.id, event.currentTarget)}
            >
              Preview without counting
            </Button>
          </Group>
        </Stack>
      )}
      <Divider />
      <Group justify="space-between">
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="dimmed"
          onClick={() => navigate('/onboarding/screener-creation')}
        >
          Share another way
        </Anchor>
        <Button
          size="md"
          variant={opened ? 'filled' : 'light'}
          disabled={!link}
          onClick={() => navigate(`/onboarding/screener-analytics?video=${film?.id}&link=${link?.id}`)}
        >
          See my session
        </Button>
      </Group>
    </OnboardingStep>
  );
}
