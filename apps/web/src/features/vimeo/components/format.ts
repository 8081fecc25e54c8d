/** 5580 → "1:33:00", 142 → "2:22", 0 → "0:00". */
export function formatDuration(totalSeconds: number) {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** Vimeo's `privacy.view`, in the words of Vimeo's own privacy menu. */
export const PRIVACY_LABELS: Record<string, string> = {
  anybody: 'Public',
  unlisted: 'Unlisted',
  disable: 'Hidden',
  password: 'Password',
  nobody: 'Only me',
  contacts: 'People I follow',
  users: 'Vimeo members',
};

export const privacyLabel = (view: string) => PRIVACY_LABELS[view] ?? view;

/** Vimeo's plan names as people read them ("live_pro" → "Live Pro"). */
export const planLabel = (account: string) =>
  account
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
