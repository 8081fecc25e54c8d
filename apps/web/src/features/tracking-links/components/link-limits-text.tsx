import { Text } from '@mantine/core';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { endAndCountries } from '../../../lib/link-limits';

/** "2 / 5" where the link allows 5 viewings: the limit a presenter set, beside what is used of it. */
export function SessionsOfLimit({ link }: { link: TrackingLink }) {
  if (link.usage_limit === null) return <>{link.sessions}</>;
  return (
    <span title={`${link.sessions} of the ${link.usage_limit} viewings this link allows`}>
      {link.sessions} / {link.usage_limit}
    </span>
  );
}

/** The link's end date and country rule under its status, so a list shows who can still watch, where. */
export function LinkEndAndCountries({ link, timezone }: { link: TrackingLink; timezone: string }) {
  const text = endAndCountries(link, timezone);
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="link-limits">
      {text}
    </Text>
  );
}
