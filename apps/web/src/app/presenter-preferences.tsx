import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { useSession } from '../features/auth/api/session';

const SEEN_KEY = 'screenroom.saved-theme';

/** A theme chosen on this device (the rail's toggle) is already applied here: nothing to catch up. */
export const markThemeSeen = (theme: string) => window.localStorage.setItem(SEEN_KEY, theme);

/**
 * Applies the theme saved in the presenter's profile: on a device that has not seen it yet, and whenever
 * it changes. The toggle in the side rail still switches the theme on this device for the moment.
 */
export function PresenterPreferences() {
  const session = useSession();
  const { setColorScheme } = useMantineColorScheme();
  const theme = session.status === 'signed-in' ? session.presenter.theme : null;

  useEffect(() => {
    if (!theme) return;
    if (window.localStorage.getItem(SEEN_KEY) === theme) return;
    window.localStorage.setItem(SEEN_KEY, theme);
    setColorScheme(theme);
  }, [theme, setColorScheme]);
  return null;
}
