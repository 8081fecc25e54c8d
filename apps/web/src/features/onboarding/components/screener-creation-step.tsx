import { Button, Divider, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { defaultInvitation } from '@screenroom/shared/invitation';
import { MESSAGES } from '@screenroom/shared/messages';
import type { Video } from '@screenroom/shared/schemas/videos';
import { IconLink, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { notifyError } from '../../../lib/notify';
import { usePresenter } from '../../auth/api/session';
import { useCreateTrackingLink } from '../../tracking-links/api/create-tracking-link';
import { useInviteViewers } from '../../tracking-links/api/invite-viewers';
import { useUpdateOnboardingState } from '../api/update-onboarding-state';
import { FilmStatus } from './film-status';
import { OnboardingStep } from './onboarding-step';
import { ShareDone } from './share-done';
import { useOnboardingFilm } from './use-onboarding-film';

type Shared = { message: string; accessUrl: string | null; linkId: string };

/** Stores screener_creation once a link exists; the caller then shows the countdown. */
function useShared() {
  const step = useUpdateOnboardingState();
  const [shared, setShared] = useState<Shared | null>(null);
  const done = (value: Shared) =>
    step.mutate({ step: 'screener_creation', completed: true }, { onSuccess: () => setShared(value) });
  return { shared, done, storing: step.isPending };
}

function AccessLinkForm({ film, onShared }: { film: Video; onShared: (s: Shared) => void }) {
  const create = useCreateTrackingLink();
  const form = useForm({
    initialValues: { viewer_name: '' },
    validate: { viewer_name: (v) => (v.trim().length > 100 ? MESSAGES.maxLength(100) : null) },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        create.mutate(
          { video_id: film.id, viewer_name: v.viewer_name.trim() || null, generated_by: 'access_url' },
          {
            onSuccess: (link) =>
              onShared({
                message: `An access link for ${link.viewer_name ?? 'your viewer'} is ready. Send it any way you like.`,
                accessUrl: link.access_url,
                linkId: link.id,
              }),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Who is it for?"
          description="A name helps you read the figures later. Leave it empty for yourself."
          placeholder="e.g. Berlinale programmer"
          {...form.getInputProps('viewer_name')}
        />
        <Group>
          <Button type="submit" leftSection={<IconLink size={16} />} loading={create.isPending}>
            Create the access link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InvitationForm({ film, onShared }: { film: Video; onShared: (s: Shared) => void }) {
  const presenter = usePresenter();
  const invite = useInviteViewers();
  const form = useForm({
    initialValues: { email: presenter.email },
    validate: { email: (v) => (!v.trim() ? MESSAGES.required : isEmail(MESSAGES.email)(v.trim())) },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        invite.mutate(
          {
            video_id: film.id,
            recipients: v.email.trim(),
            ...defaultInvitation({ title: film.title, presenterName: presenter.name }),
          },
          {
            onSuccess: (r) => {
              const result = r.results[0];
              if (!result?.tracking_link_id || result.outcome !== 'invited') {
                notifyError(result?.message ?? 'The invitation could not be sent.');
                return;
              }
              onShared({
                message: `The invitation is on its way to ${result.email}.`,
                accessUrl: null,
                linkId: result.tracking_link_id,
              });
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Viewer’s e-mail"
          description="Try it on yourself first: your own address is filled in."
          type="email"
          {...form.getInputProps('email')}
        />
        <Group>
          <Button type="submit" leftSection={<IconMail size={16} />} loading={invite.isPending}>
            Send the invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Step screener_creation: share the film by an access link or an e-mail invitation. */
export function ScreenerCreationStep() {
  const navigate = useNavigate();
  const films = useOnboardingFilm({ silent: true });
  const { film, isPending } = films;
  const { shared, done } = useShared();
  const [way, setWay] = useState<'link' | 'invite'>('link');

  return (
    <OnboardingStep
      path="screener-creation"
      title="Share your screener"
      description="Every viewer gets a link of their own, so you see exactly who watched. Limits, expiry and countries can be set later."
    >
      {isPending ? (
        <Skeleton h={120} radius="md" />
      ) : film === undefined ? (
        <LoadFailedState title="Your films could not be loaded" query={films} />
      ) : !film ? (
        <Text c="dimmed">There is no film to share yet: go back one step and create the sample.</Text>
      ) : shared ? (
        <ShareDone {...shared} videoId={film.id} />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text fw={600}>{film.title}</Text>
            <FilmStatus film={film} />
          </Group>
          <SegmentedControl
            aria-label="How to share"
            value={way}
            onChange={(v) => setWay(v as 'link' | 'invite')}
            data={[
              { value: 'link', label: 'Access link' },
              { value: 'invite', label: 'E-mail invitation' },
            ]}
            maw={360}
          />
          {way === 'link' ? (
            <AccessLinkForm film={film} onShared={done} />
          ) : (
            <InvitationForm film={film} onShared={done} />
          )}
        </Stack>
      )}
      {!shared && (
        <>
          <Divider />
          <Group justify="space-between">
            <Button variant="subtle" color="gray" onClick={() => navigate('/onboarding/video-creation')}>
              Back
            </Button>
          </Group>
        </>
      )}
    </OnboardingStep>
  );
}

/** The earlier form of screener-creation: one button makes an access link for the film. */
export function OldScreenerCreationStep() {
  const films = useOnboardingFilm({ silent: true });
  const { film, isPending } = films;
  const { shared, done, storing } = useShared();
  const create = useCreateTrackingLink();
  return (
    <OnboardingStep
      path="old-screener-creation"
      title="Create your first link"
      description="One click makes an access link for your screener."
    >
      {isPending ? (
        <Skeleton h={60} radius="md" />
      ) : film === undefined ? (
        <LoadFailedState title="Your films could not be loaded" query={films} />
      ) : !film ? (
        <Text c="dimmed">There is no film to share yet.</Text>
      ) : shared ? (
        <ShareDone {...shared} videoId={film.id} />
      ) : (
        <Group>
          <Button
            leftSection={<IconLink size={16} />}
            loading={create.isPending || storing}
            onClick={() =>
              create.mutate(
                { video_id: film.id, generated_by: 'access_url' },
                {
                  onSuccess: (link) =>
                    done({
                      message: `An access link for “${film.title}” is ready.`,
                      accessUrl: link.access_url,
                      linkId: link.id,
                    }),
                },
              )
            }
          >
            Create my access link
          </Button>
        </Group>
      )}
    </OnboardingStep>
  );
}
