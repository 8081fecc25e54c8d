import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCreateSampleVideo } from '../api/create-sample-video';
import { useVideos } from '../api/get-videos';

/**
 * The sample film: something real to share in a minute, before your own film is ready. There is one per
 * presenter (the API answers the one there is), so a presenter who has it is sent to it instead.
 */
export function SamplePanel({ onCreated }: { onCreated: (videoId: string) => void }) {
  const sample = useCreateSampleVideo();
  const existing = useVideos().data?.find((v) => v.type === 'sample');
  return (
    <Stack gap="md">
      <Text>
        A one-minute film made for trying Screenroom: a title card, a moving picture with a running timecode,
        and a tone that changes every ten seconds, so you can see (and hear) where a viewer paused or skipped.
      </Text>
      <List size="sm" spacing={4} c="dimmed">
        <List.Item>It is processed and protected like any film you upload.</List.Item>
        <List.Item>It does not count toward your plan's number of screeners.</List.Item>
        <List.Item>Send yourself a link, watch it, and see your session appear.</List.Item>
      </List>
      {existing ? (
        <Alert color="violet" variant="light" icon={<IconSparkles />} data-testid="sample-exists">
          You already have the sample:{' '}
          <Anchor component={Link} to={`/screeners/${existing.id}/overview`}>
            open “{existing.title}”
          </Anchor>
          .
        </Alert>
      ) : (
        <Button
          leftSection={<IconSparkles size={18} />}
          loading={sample.isPending}
          onClick={() => sample.mutate(undefined, { onSuccess: (video) => onCreated(video.id) })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add the sample screener
        </Button>
      )}
    </Stack>
  );
}
