/** How analytics figures read: minutes with at most one decimal, shares as whole percents. */
export const formatMinutes = (minutes: number) =>
  minutes >= 100 ? Math.round(minutes).toLocaleString('en') : String(Math.round(minutes * 10) / 10);

export const formatPercent = (share: number) => `${Math.round(Math.max(0, Math.min(1, share)) * 100)}%`;

/** 3725 s → "1 h 2 min", 95 s → "1 min 35 s", 12 s → "12 s". */
export function formatTimeSpent(seconds: number) {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}
