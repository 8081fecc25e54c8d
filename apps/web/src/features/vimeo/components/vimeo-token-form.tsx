import { Button, List, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { pasteVimeoTokenForm } from '@screenroom/shared/schemas/vimeo';
import { IconKey } from '@tabler/icons-react';
import { VimeoAppsLink } from '../../../components/vimeo-apps-link';
import { showServerErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateVimeoAccessToken } from '../api/update-vimeo-access-token';

/** Pasting a personal access token: always available, with or without "Connect with Vimeo". */
export function VimeoTokenForm({ onLinked }: { onLinked?: () => void }) {
  const update = useUpdateVimeoAccessToken({ silent: true });
  const form = useForm({
    mode: 'controlled',
    initialValues: { accessToken: '' },
    validate: schemaResolver(pasteVimeoTokenForm, { sync: true }),
  });

  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm" c="dimmed">
        How to get a personal access token:
      </Text>
      <List size="sm" type="ordered" spacing={4} c="dimmed">
        <List.Item>
          Open <VimeoAppsLink>your apps on Vimeo’s developer site</VimeoAppsLink> and create an app (any name,
          such as “Screenroom”).
        </List.Item>
        <List.Item>
          Under <b>Generate an access token</b>, choose <b>Authenticated (you)</b> and tick the scopes{' '}
          <b>Public</b>, <b>Private</b> and <b>Video Files</b>.
        </List.Item>
        <List.Item>Generate the token, copy it (Vimeo shows it once) and paste it below.</List.Item>
      </List>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          update.mutate(
            { accessToken: values.accessToken.trim() },
            {
              onSuccess: (r) => {
                form.reset();
                notifySuccess(`Your Vimeo account ${r.vimeo.name} is linked.`);
                onLinked?.();
              },
              onError: (e) => showServerErrors(form, e),
            },
          ),
        )}
      >
        <Stack gap="sm">
          <PasswordInput
            label="Personal access token"
            placeholder="Paste the token from Vimeo"
            autoComplete="off"
            spellCheck={false}
            leftSection={<IconKey size={16} />}
            // Reachable with Tab and named (Mantine leaves it out of the keyboard's way).
            visibilityToggleButtonProps={{ tabIndex: 0, 'aria-label': 'Show or hide the token' }}
            key={form.key('accessToken')}
            {...form.getInputProps('accessToken')}
          />
          <Button
            type="submit"
            loading={update.isPending}
            variant="light"
            style={{ alignSelf: 'flex-start' }}
          >
            Link with this token
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
