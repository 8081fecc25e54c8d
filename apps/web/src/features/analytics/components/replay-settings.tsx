import { Group, Switch } from '@mantine/core';
import type { PlayerSettings } from '@screenroom/shared/schemas/presenters';
import { usePresenter } from '../../auth/api/session';
import { useUpdatePlayerSettings } from '../api/update-player-settings';

const SWITCHES: { key: keyof PlayerSettings; label: string }[] = [
  { key: 'autoPlay', label: 'Play on open' },
  { key: 'syncingWithVideoPlayer', label: 'Film follows the viewer' },
  { key: 'autoJumpToNextSession', label: 'Next session at the end' },
];

/** The presenter's session-player settings, saved as they flip. */
export function ReplaySettings() {
  const settings = usePresenter().player_settings;
  const update = useUpdatePlayerSettings();
  return (
    // Stacked on a phone, each switch's row is already a finger's height: little space between them.
    <Group gap="lg" style={{ rowGap: 'var(--mantine-spacing-xs)' }} data-testid="replay-settings">
      {SWITCHES.map(({ key, label }) => (
        <Switch
          key={key}
          size="sm"
          label={label}
          checked={settings[key]}
          onChange={(e) => update.mutate({ [key]: e.currentTarget.checked })}
        />
      ))}
    </Group>
  );
}
