import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ProfileForm, profileForm } from '@screenroom/shared/schemas/presenters';
import { currentZoneName } from '@screenroom/shared/time-zones';
import { useEffect, useMemo, useRef } from 'react';
import { focusLost } from '../../../lib/focus-lost';
import { formatDateTime } from '../../../lib/format';
import { saveOnlyWhenDirty, showServerErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { usePresenter } from '../../auth/api/session';
import { useUpdatePresenter } from '../api/update-presenter';
import { timeZoneFilter, timeZoneOptions } from '../time-zones';

/** /settings/profile: name, e-mail (read only), time zone for every date shown, and theme. */
export function ProfilePage() {
  const presenter = usePresenter();
  const update = useUpdatePresenter({ silent: true });
  // A zone saved under a name IANA has since changed reads under its current one (the server keeps that).
  const savedZone = currentZoneName(presenter.timezone);
  const zones = useMemo(() => timeZoneOptions(new Date(), savedZone), [savedZone]);
  const form = useForm<ProfileForm>({
    mode: 'controlled',
    initialValues: { name: presenter.name, timezone: savedZone, theme: presenter.theme },
    validate: schemaResolver(profileForm, { sync: true }),
  });
  const now = useMemo(() => new Date().toISOString(), []);
  const saveButton = useRef<HTMLButtonElement>(null);
  // The button is disabled while it saves, which drops its focus: once enabled again, it takes it back.
  const wasSaving = useRef(false);
  useEffect(() => {
    const saved = wasSaving.current && !update.isPending;
    wasSaving.current = update.isPending;
    if (saved && focusLost()) saveButton.current?.focus();
  }, [update.isPending]);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={2}>Profile</Title>
          <Text c="dimmed">How you appear to viewers, and how the app shows dates.</Text>
        </div>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            update.mutate(
              { id: presenter.id, ...values, name: values.name.trim() },
              {
                onSuccess: (p) => {
                  const saved = { name: p.name, timezone: p.timezone, theme: p.theme };
                  form.setValues(saved);
                  form.resetDirty(saved);
                  notifySuccess('Your profile is saved.');
                },
                onError: (e) => showServerErrors(form, e),
              },
            ),
          )}
        >
          <Stack gap="md" maw={520}>
            <TextInput
              label="Name"
              description="Invitations are sent in this name."
              withAsterisk
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="E-mail"
              value={presenter.email}
              readOnly
              disabled
              description="You sign in with it."
            />
            <Select
              label="Time zone"
              description={`Every date in the app is shown in it. Now: ${formatDateTime(now, form.values.timezone)}`}
              data={zones}
              searchable
              filter={timeZoneFilter}
              allowDeselect={false}
              nothingFoundMessage="No such time zone"
              // Typing replaces the shown zone rather than adding to its name.
              onFocus={(event) => event.currentTarget.select()}
              key={form.key('timezone')}
              {...form.getInputProps('timezone')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Theme
              </Text>
              <SegmentedControl
                aria-label="Theme"
                data={[
                  { value: 'dark', label: 'Dark' },
                  { value: 'light', label: 'Light' },
                ]}
                key={form.key('theme')}
                {...form.getInputProps('theme')}
                maw={240}
              />
            </Stack>
            <Group>
              <Button
                ref={saveButton}
                type="submit"
                loading={update.isPending}
                {...saveOnlyWhenDirty(form.isDirty())}
              >
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
