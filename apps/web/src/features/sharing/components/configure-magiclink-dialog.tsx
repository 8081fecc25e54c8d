import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@screenroom/shared/messages';
import type { AnonymousLink } from '@screenroom/shared/schemas/anonymous-links';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { CopyableLink } from '../../../components/copyable-link';
import {
  emptyLimits,
  type LimitValues,
  LinkLimitsFields,
  limitsFrom,
  limitsToApi,
} from '../../../components/link-limits-fields';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { openConfirm } from '../../../lib/confirm';
import { focusDialogStart } from '../../../lib/dialog-start-focus';
import { saveOnlyWhenDirty, showServerErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { whenDone } from '../../../lib/query-client';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { usePresenter } from '../../auth/api/session';
import { useCreateMagicLink, useDisableMagicLink, useMagicLink, useUpdateMagicLink } from '../api/magic-link';
import { AnonymousLinkStatusBadge, anonymousLinkUsage, openedBy } from './anonymous-link-state';
import { useDialogNavigation } from './use-dialog-navigation';

function LimitsForm(props: {
  initial: LimitValues;
  submitLabel: string;
  pending: boolean;
  submit: (values: LimitValues) => Promise<unknown>;
  onSuccess?: () => void;
  /** The dialog starts on the form's first field. */
  startHere?: boolean;
  /** Changing limits (rather than creating the link): nothing to send until one has changed. */
  onlyWhenChanged?: boolean;
}) {
  const form = useForm<LimitValues>({ mode: 'controlled', initialValues: props.initial });
  const { timezone } = usePresenter();
  const submitOnce = useSubmitOnce();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        submitOnce(() => props.submit(v), {
          onSuccess: () => {
            form.resetDirty();
            props.onSuccess?.();
          },
          onError: (e) => showServerErrors(form, e),
        }),
      )}
    >
      <Stack gap="md">
        <LinkLimitsFields
          form={form}
          timezone={timezone}
          withGeo={false}
          autoFocus={props.startHere}
          usageLabel="People"
          usageDescription="How many different people (on their own device) may open it. Empty for no limit."
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={props.pending}
            {...(props.onlyWhenChanged ? saveOnlyWhenDirty(form.isDirty()) : {})}
          >
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ActiveLink({
  link,
  videoId,
  justCreated,
}: {
  link: AnonymousLink;
  videoId: string;
  /** Replacing the form it was made with: focus, which was on that form, goes to the new link's Copy. */
  justCreated: boolean;
}) {
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (justCreated) copyButton.current?.focus();
  }, [justCreated]);
  const update = useUpdateMagicLink(videoId, { silent: true });
  const disable = useDisableMagicLink(videoId);
  const confirmDisable = () =>
    openConfirm({
      title: 'Disable the anonymous link?',
      children: (
        <Text size="sm">
          Nobody new will be able to open it, and the people who opened it lose access. This cannot be undone:
          an anonymous link that is disabled stays disabled.
        </Text>
      ),
      labels: { confirm: 'Disable for good', cancel: 'Keep it' },
      confirmProps: { color: 'red.8' },
      // This panel gives way to the disabled state, often before the mutation settles.
      onConfirm: () => {
        const disabling = disable.mutateAsync();
        whenDone(disabling, () => notifySuccess('The anonymous link is disabled.'));
        return disabling;
      },
    });
  return (
    <Stack gap="md">
      <CopyableLink
        url={link.url}
        label="Anonymous link"
        testId="magic-link-url"
        copyRef={copyButton}
        focusCopy
      />
      <Text size="sm" c="dimmed">
        {anonymousLinkUsage(link)}
      </Text>
      <LimitsForm
        initial={limitsFrom(link)}
        submitLabel="Save limits"
        onlyWhenChanged
        pending={update.isPending}
        submit={(v) => update.mutateAsync(limitsToApi(v, false))}
        onSuccess={() => notifySuccess('Limits saved')}
      />
      <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
        <Group justify="space-between">
          <Text size="sm">Disabling is for good: it cannot be enabled again.</Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} />}
            onClick={confirmDisable}
            loading={disable.isPending}
          >
            Disable
          </Button>
        </Group>
      </Alert>
    </Stack>
  );
}

/** /screeners/{id}/dialog/configure-magiclink: the film's one anonymous link. */
export function ConfigureMagicLinkDialog() {
  const { video, open, close } = useDialogNavigation();
  const link = useMagicLink(video.id);
  const create = useCreateMagicLink(video.id, { silent: true });
  const status = link.data?.status;
  useEffect(() => {
    if (!link.isPending) focusDialogStart();
  }, [link.isPending]);
  return (
    <Modal
      opened
      onClose={close}
      size="lg"
      radius="lg"
      title={
        <Group gap="xs">
          <Text fw={600}>Anonymous link</Text>
          {status && <AnonymousLinkStatusBadge status={status} />}
        </Group>
      }
    >
      {link.isPending ? (
        <Loader size="sm" />
      ) : link.data === undefined ? (
        <LoadFailedNote title="The anonymous link could not be loaded" query={link} />
      ) : link.data === null ? (
        <Stack gap="md">
          <Text size="sm">
            One link you can post to a group. Each person who opens it, on their own device, becomes a viewer
            of their own in your tracking links, so you still see who watched what.
          </Text>
          <LimitsForm
            initial={emptyLimits}
            submitLabel="Create the anonymous link"
            startHere
            pending={create.isPending}
            submit={(v) => create.mutateAsync(limitsToApi(v, false))}
          />
        </Stack>
      ) : link.data?.status === 'active' ? (
        <ActiveLink link={link.data} videoId={video.id} justCreated={create.isSuccess} />
      ) : (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconBan />} data-testid="magic-link-disabled">
            {MESSAGES.magicLinkDisabled} {openedBy(link.data?.viewers ?? 0)} had opened it.
          </Alert>
          {/* A film has one anonymous link: the ways left to share it, rather than a dead end. */}
          <Text size="sm">To share the film again, give each person a link of their own.</Text>
          <Group gap="xs">
            {/* Where focus goes once Disable, gone with the panel it was in, has done its work. */}
            <Button variant="default" data-autofocus onClick={() => open('configure-invitation')}>
              Invite by e-mail
            </Button>
            <Button variant="default" onClick={() => open('tracking-link/access-link-generated')}>
              Make an access link
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
