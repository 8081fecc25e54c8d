import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@screenroom/shared/messages';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  type LimitValues,
  LinkLimitsFields,
  limitsFrom,
  limitsToApi,
  viewerAndLimitsValidation,
} from '../../../components/link-limits-fields';
import { PageLoader } from '../../../components/page-loader';
import { showServerErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { usePresenter } from '../../auth/api/session';
import { useUpdateTrackingLink } from '../api/update-tracking-link';
import { LinkNotFound } from './link-not-found';
import { useTrackingLinkParam } from './use-tracking-link-param';

type Values = LimitValues & { viewer_name: string; viewer_email: string };

function ConfigurationForm({ link }: { link: TrackingLink }) {
  const { timezone } = usePresenter();
  const update = useUpdateTrackingLink({ silent: true });
  const navigate = useNavigate();
  const back = `/screeners/${link.video_id}/tracking-links`;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      viewer_name: link.viewer_name ?? '',
      viewer_email: link.viewer_email ?? '',
      ...limitsFrom(link),
    },
    validate: viewerAndLimitsValidation,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        update.mutate(
          { id: link.id, viewer_name: v.viewer_name, viewer_email: v.viewer_email, ...limitsToApi(v) },
          {
            onSuccess: () => {
              notifySuccess('Access updated');
              navigate(back);
            },
            onError: (e) => showServerErrors(form, e),
          },
        ),
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Viewer's name" {...form.getInputProps('viewer_name')} />
          <TextInput label="Viewer's e-mail" type="email" {...form.getInputProps('viewer_email')} />
        </SimpleGrid>
        <LinkLimitsFields form={form} timezone={timezone} />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={back}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /screeners/{id}/tracking-links/{trackingLinkId}/configuration: edit a viewer's access. */
export function TrackingLinkConfigurationPage() {
  const { link, missing, failed } = useTrackingLinkParam();
  if (missing || failed) return <LinkNotFound failed={failed} />;
  if (!link) return <PageLoader />;
  const l = link;
  return (
    <Card radius="lg" maw={760} p="lg">
      <Stack gap="md">
        <Anchor component={Link} to={`/screeners/${l.video_id}/tracking-links`} size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} /> All viewers
          </Group>
        </Anchor>
        <Title order={3}>Access of {viewerLabel(l)}</Title>
        {l.editable ? (
          <ConfigurationForm link={l} />
        ) : (
          <Alert
            color="gray"
            icon={<IconLock />}
            title={MESSAGES.restrictedAccess}
            data-testid="restricted-access"
          >
            <Text size="sm">
              {l.generated_by === 'magic_link'
                ? 'This viewer came through the anonymous link, whose settings apply to them. Change the anonymous link, or revoke this viewer.'
                : 'This is your own preview link.'}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
