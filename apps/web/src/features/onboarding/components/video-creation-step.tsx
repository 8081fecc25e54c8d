import { Alert, Button, Divider, Group, Image, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconMovie } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { formatDuration } from '../../../lib/duration';
import { useCreateSampleVideo } from '../../videos/api/create-sample-video';
import { videosQuery } from '../../videos/api/get-videos';
import { useUpdateOnboardingState } from '../api/update-onboarding-state';
import { FilmStatus } from './film-status';
import { OnboardingStep } from './onboarding-step';
import { pickFilm } from './use-onboarding-film';

/** Step video_creation: choose the first screener; the sample made at sign-up is there already. */
export function VideoCreationStep() {
  const navigate = useNavigate();
  // Silent: the step says itself that the films could not be loaded.
  const videos = useQuery({ ...videosQuery(), meta: { silent: true } });
  const createSample = useCreateSampleVideo();
  const step = useUpdateOnboardingState();
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? pickFilm(videos.data, null)?.id ?? null;

  const next = () =>
    step.mutate(
      { step: 'video_creation', completed: true },
      { onSuccess: () => navigate(`/onboarding/screener-creation?video=${selected}`) },
    );

  return (
    <OnboardingStep
      path="video-creation"
      title="Your first screener"
      description="A screener is a film you share. We made a short sample for you to try everything with; your own films can be uploaded or imported from the library afterwards."
    >
      {videos.isPending ? (
        <Stack gap="sm">
          <Skeleton h={88} radius="md" />
        </Stack>
      ) : !videos.data ? (
        <LoadFailedState title="Your films could not be loaded" query={videos} />
      ) : videos.data.length ? (
        <Radio.Group value={selected} onChange={setChosen} label="Which film do you want to share first?">
          <Stack gap="sm" mt="xs">
            {videos.data.map((v) => (
              <Radio.Card key={v.id} value={v.id} radius="md" p="md" aria-label={v.title}>
                <Group wrap="nowrap" align="center">
                  <Radio.Indicator />
                  {v.thumbnail ? (
                    <Image src={v.thumbnail} w={96} h={54} radius="sm" alt="" fit="cover" />
                  ) : (
                    <Group
                      w={96}
                      h={54}
                      justify="center"
                      bg="var(--mantine-color-default-hover)"
                      style={{ borderRadius: 4 }}
                    >
                      <IconMovie size={22} stroke={1.4} />
                    </Group>
                  )}
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {v.title}
                      {/* The sample's own title already says so ("A Screenroom sample"). */}
                      {v.type === 'sample' && !/sample/i.test(v.title) ? ' (sample)' : ''}
                    </Text>
                    <Group gap="xs">
                      {v.duration ? (
                        <Text size="sm" c="dimmed">
                          {formatDuration(v.duration)}
                        </Text>
                      ) : null}
                      <FilmStatus film={v} />
                    </Group>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Alert icon={<IconInfoCircle size={18} />} title="No film yet" color="blue">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Create the sample screener to try sharing with it.</Text>
            <Button size="xs" loading={createSample.isPending} onClick={() => createSample.mutate()}>
              Create the sample screener
            </Button>
          </Stack>
        </Alert>
      )}
      <Divider />
      <Group justify="space-between">
        <Button variant="subtle" color="gray" onClick={() => navigate('/onboarding/vimeo-linking')}>
          Back
        </Button>
        <Button size="md" disabled={!selected} loading={step.isPending} onClick={next}>
          Share this film
        </Button>
      </Group>
    </OnboardingStep>
  );
}
