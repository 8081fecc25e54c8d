import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { CopyableLink } from '../../../components/copyable-link';
import {
  emptyLimits,
  type LimitValues,
  LinkLimitsFields,
  limitsToApi,
  viewerAndLimitsValidation,
} from '../../../components/link-limits-fields';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { isMissing } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/forms';
import { limitsSummary } from '../../../lib/link-limits';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { usePresenter } from '../../auth/api/session';
import { useCreateTrackingLink } from '../../tracking-links/api/create-tracking-link';
import { useTrackingLink } from '../../tracking-links/api/get-tracking-link';
import { useDialogNavigation } from './use-dialog-navigation';

function GeneratedLink({
  link,
  timezone,
  justCreated,
}: {
  link: TrackingLink;
  timezone: string;
  /**
   * Replacing the form it was made with: focus, which was on that form's button, goes to the new link's
   * Copy (it fell to the page, then to the dialog's close button).
   */
  justCreated: boolean;
}) {
  const url = link.access_url;
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" icon={<IconCheck />} title="Access link ready">
        Anyone with this link watches as this viewer, within the limits you set. Send it privately.
      </Alert>
      <CopyableLink url={url} label="Access link" testId="access-link" focusCopy={justCreated} />
      <Text size="sm" c="dimmed" data-testid="access-link-limits">
        {limitsSummary(link, timezone)}
      </Text>
    </Stack>
  );
}

/**
 * /screeners/{id}/dialog/tracking-link/{trackingLinkId?}/access-link-generated: without an id, make an
 * access link (who it is for, limits); with one, show that link with a copy button.
 */
export function AccessLinkDialog() {
  const { trackingLinkId } = useParams();
  const { video, open, close, state } = useDialogNavigation();
  const { timezone } = usePresenter();
  const existing = useTrackingLink(trackingLinkId ?? '');
  const create = useCreateTrackingLink({ silent: true });
  const submitOnce = useSubmitOnce();
  const form = useForm<LimitValues & { viewer_name: string; viewer_email: string }>({
    mode: 'controlled',
    initialValues: { viewer_name: '', viewer_email: '', ...emptyLimits },
    validate: viewerAndLimitsValidation,
  });
  return (
    <Modal opened onClose={close} title="Access link" size="lg" radius="lg">
      {trackingLinkId ? (
        existing.data ? (
          <GeneratedLink link={existing.data} timezone={timezone} justCreated={state.created === true} />
        ) : existing.isError && !isMissing(existing.error) ? (
          <LoadFailedNote title="This access link could not be loaded" query={existing} />
        ) : existing.isError ? (
          <Text c="dimmed">This access link could not be found.</Text>
        ) : (
          <Text c="dimmed">Loading…</Text>
        )
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            submitOnce(
              () =>
                create.mutateAsync({
                  video_id: video.id,
                  viewer_name: v.viewer_name || null,
                  viewer_email: v.viewer_email || null,
                  generated_by: 'access_url',
                  ...limitsToApi(v),
                }),
              {
                onSuccess: (link) =>
                  open(
                    `tracking-link/${link.id}/access-link-generated`,
                    { created: true },
                    { replace: true },
                  ),
                onError: (e) => showServerErrors(form, e),
              },
            ),
          )}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Name who the link is for, so you recognise their sessions. The e-mail is optional.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="For"
                placeholder="Festival programmer"
                {...form.getInputProps('viewer_name')}
              />
              <TextInput
                label="Their e-mail (optional)"
                type="email"
                {...form.getInputProps('viewer_email')}
              />
            </SimpleGrid>
            <LinkLimitsFields form={form} timezone={timezone} />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending} leftSection={<IconLink size={16} />}>
                Create access link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
