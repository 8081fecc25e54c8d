import {
  Box,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { defaultInvitation, VIEWER_NAME_PLACEHOLDER, withViewerName } from '@screenroom/shared/invitation';
import { linkLimitsInWords } from '@screenroom/shared/link-limits-words';
import { parseRecipients } from '@screenroom/shared/recipients';
import {
  ACCESS_LINK_PLACEHOLDER,
  type InviteResponse,
  inviteBody,
} from '@screenroom/shared/schemas/tracking-links';
import { IconLink, IconSend } from '@tabler/icons-react';
import { useRef } from 'react';
import {
  emptyLimits,
  type LimitValues,
  LinkLimitsFields,
  limitsToApi,
  limitsValidation,
} from '../../../components/link-limits-fields';
import { openConfirm } from '../../../lib/confirm';
import { focusFirstError, showServerErrors } from '../../../lib/forms';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { usePresenter } from '../../auth/api/session';
import { useInviteViewers } from '../../tracking-links/api/invite-viewers';
import { insertApart } from './insert-apart';
import { useDialogNavigation } from './use-dialog-navigation';

type Values = LimitValues & { recipients: string; from: string; subject: string; content: string };

const EXAMPLE_LINK = 'https://…/watch/their-own-link';

/**
 * Who, From, Subject and Message checked by the API's own rules, so each field shows the words the API
 * would answer (a blank message is 'Field is required', as the API says, before the missing placeholder).
 */
const checkMessage = schemaResolver(
  inviteBody.pick({ recipients: true, from: true, subject: true, content: true }),
  { sync: true },
);

function validate(values: Values) {
  const errors: FormErrors = { ...checkMessage(values) };
  const countries = limitsValidation.geo_countries(values.geo_countries, values);
  if (countries) errors.geo_countries = countries;
  return errors;
}

/** The text between placeholders, each with its offset in the message (a stable key). */
function piecesOf(content: string) {
  const parts = content.split(ACCESS_LINK_PLACEHOLDER);
  let at = 0;
  return parts.map((text, i) => {
    const piece = { text, at, last: i === parts.length - 1 };
    at += text.length + ACCESS_LINK_PLACEHOLDER.length;
    return piece;
  });
}

/**
 * What an invitee will read: the presenter's words as the first recipient gets them (their name, or none
 * for an address alone), with an example link in place.
 */
function MailPreview({ values, timeZone }: { values: Values; timeZone: string }) {
  const first = parseRecipients(values.recipients).find((r) => r.email);
  const content = withViewerName(values.content, first?.name ?? null);
  const { usage_limit, ends_at, geo_restriction } = limitsToApi(values);
  const limits = linkLimitsInWords({
    usageLimit: usage_limit,
    endsAt: ends_at,
    timeZone,
    geo: geo_restriction,
  });
  return (
    <Card radius="md" withBorder data-testid="mail-preview" bg="var(--mantine-color-body)">
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          From: {values.from || '…'} via Screenroom
        </Text>
        <Text size="xs" c="dimmed">
          To: {first ? (first.name ?? first.email) : '…'}
        </Text>
        <Text size="sm" fw={600}>
          {values.subject || 'No subject'}
        </Text>
        <Divider my={4} />
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {piecesOf(content).map(({ text, at, last }) => (
            <span key={at}>
              {text}
              {!last && (
                <Text span c="violet" td="underline">
                  {EXAMPLE_LINK}
                </Text>
              )}
            </span>
          ))}
        </Text>
        {limits && (
          <Box mt="xs" data-testid="mail-preview-limits">
            <Text size="sm">{limits.lead}</Text>
            <List size="sm" my={4}>
              {limits.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            {limits.advice && (
              <Text size="xs" c="dimmed">
                {limits.advice}
              </Text>
            )}
          </Box>
        )}
      </Stack>
    </Card>
  );
}

/** /screeners/{id}/dialog/configure-invitation: who, what they read, and the limits of their links. */
export function ConfigureInvitationDialog() {
  const { video, open, close } = useDialogNavigation();
  const presenter = usePresenter();
  const invite = useInviteViewers({ silent: true });
  const submitOnce = useSubmitOnce();
  const content = useRef<HTMLTextAreaElement>(null);
  const defaults = defaultInvitation({ title: video.title, presenterName: presenter.name });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { recipients: '', ...defaults, ...emptyLimits },
    validate,
  });

  // Escape, a click beside the dialog or Back: a pasted list and a rewritten message are not thrown
  // away without a word (Escape meant for the date picker closed the whole dialog).
  const leaveAsking = (leave: () => void) => () => {
    if (!form.isDirty()) return leave();
    openConfirm({
      title: 'Discard this invitation?',
      children: (
        <Text size="sm">Nothing has been sent: the addresses and message you entered would be lost.</Text>
      ),
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: leave,
    });
  };

  const insertPlaceholder = () => {
    const el = content.current;
    const value = form.getValues().content;
    form.setFieldValue(
      'content',
      insertApart(value, el?.selectionStart ?? value.length, ACCESS_LINK_PLACEHOLDER),
    );
  };

  return (
    <Modal opened onClose={leaveAsking(close)} title="Invite by e-mail" size={1100} radius="lg">
      <form
        noValidate
        onSubmit={form.onSubmit(
          (v) =>
            submitOnce(
              () =>
                invite.mutateAsync({
                  video_id: video.id,
                  recipients: v.recipients,
                  from: v.from,
                  subject: v.subject,
                  content: v.content,
                  ...limitsToApi(v),
                }),
              {
                onSuccess: (result: InviteResponse) =>
                  open('invited-successfully', { result }, { replace: true }),
                onError: (e) => showServerErrors(form, e),
              },
            ),
          focusFirstError(form),
        )}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Textarea
                label="Who"
                description="One address per line, or separated by commas. “Name <address>” keeps their name."
                placeholder={'lea@festival.org\nSam Buyer <sam@sales-agency.com>'}
                autosize
                minRows={3}
                maxRows={8}
                {...form.getInputProps('recipients')}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput
                  label="From"
                  description="The name your viewers see"
                  {...form.getInputProps('from')}
                />
                <TextInput
                  label="Subject"
                  description="The line their inbox shows"
                  {...form.getInputProps('subject')}
                />
              </SimpleGrid>
              <Textarea
                ref={content}
                label="Message"
                description={`${ACCESS_LINK_PLACEHOLDER} becomes each viewer's own link, ${VIEWER_NAME_PLACEHOLDER} their name.`}
                autosize
                minRows={6}
                maxRows={14}
                {...form.getInputProps('content')}
              />
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconLink size={14} />}
                onClick={insertPlaceholder}
                style={{ alignSelf: 'flex-start' }}
              >
                Insert the link placeholder
              </Button>
              <Divider label="Limits of each link" labelPosition="left" />
              <LinkLimitsFields form={form} timezone={presenter.timezone} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xs" pos="sticky" top={0}>
              <Text size="sm" fw={500}>
                Preview
              </Text>
              <MailPreview values={form.getValues()} timeZone={presenter.timezone} />
            </Stack>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={leaveAsking(() => open('share-options'))}>
            Back
          </Button>
          <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} />}>
            Send invitations
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
