import {
  Alert,
  Button,
  Divider,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { pasteVimeoTokenForm } from '@screenroom/shared/schemas/vimeo';
import { IconBrandVimeo, IconCheck, IconKey, IconMovie } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { VimeoAppsLink } from '../../../components/vimeo-apps-link';
import { showServerErrors } from '../../../lib/forms';
import { usePresenter } from '../../auth/api/session';
import { useUpdateVimeoAccessToken } from '../../vimeo/api/update-vimeo-access-token';
import { useUpdateOnboardingState } from '../api/update-onboarding-state';
import { OnboardingStep } from './onboarding-step';

/** Step vimeo_linking: link a Vimeo account with a personal token, or go on with uploads and the sample. */
export function VimeoLinkingStep() {
  const presenter = usePresenter();
  const navigate = useNavigate();
  const step = useUpdateOnboardingState();
  const link = useUpdateVimeoAccessToken({ silent: true });
  const form = useForm({
    mode: 'controlled',
    initialValues: { accessToken: '' },
    validate: schemaResolver(pasteVimeoTokenForm, { sync: true }),
  });

  const next = () =>
    step.mutate(
      { step: 'vimeo_linking', completed: true },
      { onSuccess: () => navigate('/onboarding/video-creation') },
    );

  return (
    <OnboardingStep
      path="vimeo-linking"
      title="Where are your films?"
      description="Screenroom streams films you upload, or imports them from your Vimeo account. You can change this later in Settings."
    >
      {presenter.vimeo_linked ? (
        <Alert color="teal" icon={<IconCheck size={18} />} title="Your Vimeo account is linked">
          Its films can be imported as screeners from your library.
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            <Group gap="xs">
              <ThemeIcon variant="light" color="cyan" radius="md">
                <IconBrandVimeo size={18} />
              </ThemeIcon>
              <Text fw={600}>Link Vimeo</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Paste a personal access token with the Public, Private and Video Files scopes, made under{' '}
              <VimeoAppsLink>your apps on Vimeo</VimeoAppsLink>. A Pro account or better is advised.
            </Text>
            <form
              noValidate
              onSubmit={form.onSubmit((values) =>
                link.mutate(
                  { accessToken: values.accessToken.trim() },
                  { onSuccess: () => form.reset(), onError: (e) => showServerErrors(form, e) },
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
                  key={form.key('accessToken')}
                  {...form.getInputProps('accessToken')}
                />
                <Group>
                  <Button type="submit" variant="light" color="cyan" loading={link.isPending}>
                    Link my Vimeo account
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stack>
          <Stack gap="sm">
            <Group gap="xs">
              <ThemeIcon variant="light" radius="md">
                <IconMovie size={18} />
              </ThemeIcon>
              <Text fw={600}>Upload, or start with the sample</Text>
            </Group>
            <Text size="sm" c="dimmed">
              No Vimeo account? Upload your films to Screenroom from the library: they are encrypted and
              streamed from here. For this tour, the sample screener made for you is enough.
            </Text>
          </Stack>
        </SimpleGrid>
      )}
      <Divider />
      <Group justify="space-between">
        <Button variant="subtle" color="gray" onClick={() => navigate('/onboarding/intro')}>
          Back
        </Button>
        <Button size="md" loading={step.isPending} onClick={next}>
          {presenter.vimeo_linked ? 'Continue' : 'Continue without Vimeo'}
        </Button>
      </Group>
    </OnboardingStep>
  );
}
