import { Badge } from '@mantine/core';
import type { AnonymousLink } from '@screenroom/shared/schemas/anonymous-links';

/** How many people opened the anonymous link, in words ("1 person", "3 people"). */
export const openedBy = (viewers: number) => (viewers === 1 ? '1 person' : `${viewers} people`);

/** "3 people have opened it (of 5 allowed)." */
export const anonymousLinkUsage = (link: Pick<AnonymousLink, 'viewers' | 'usage_limit'>) =>
  `${openedBy(link.viewers)} ${link.viewers === 1 ? 'has' : 'have'} opened it${
    link.usage_limit ? ` (of ${link.usage_limit} allowed)` : ''
  }.`;

export function AnonymousLinkStatusBadge({
  status,
  testId = 'magic-link-status',
}: {
  status: AnonymousLink['status'];
  testId?: string;
}) {
  return (
    <Badge color={status === 'active' ? 'teal' : 'red'} variant="light" data-testid={testId}>
      {status === 'active' ? 'Active' : 'Disabled'}
    </Badge>
  );
}
