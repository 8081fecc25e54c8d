/**
 * A dialog over a screener's page names, in its navigation state's `background`, the tab it was opened
 * from ('tracking-links', 'shared-with'…): that page stays behind it and closing goes back there. Opened
 * directly (a shared address), it is the overview.
 */
export const dialogBackgroundOf = (state: unknown) =>
  (state as { background?: string } | null)?.background ?? 'overview';
