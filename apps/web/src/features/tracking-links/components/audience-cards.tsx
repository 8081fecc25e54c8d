import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { countryName } from '@screenroom/shared/countries';
import type { TrackingLink } from '@screenroom/shared/schemas/tracking-links';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import { Link } from 'react-router';
import { deviceLabel, fromNow, linkWatched } from '../../../lib/format';
import { SOURCE_COLORS, SOURCE_LABELS } from './labels';
import { LinkEndAndCountries, SessionsOfLimit } from './link-limits-text';
import { StatusBadge } from './status-badge';
import { TrackingLinkActions } from './tracking-link-actions';

/**
 * On a phone or a tablet, one card per viewer (two by two on a tablet): an eleven-column table showed two
 * and a half columns at a time on a phone, and half of them on a tablet held upright.
 */
export function AudienceCards({
  videoId,
  links,
  timezone,
}: {
  videoId: string;
  links: TrackingLink[];
  timezone: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="audience-cards">
      {links.map((link) => {
        const where = [
          link.country && countryName(link.country),
          link.device && deviceLabel(link.device),
          link.browser,
        ].filter(Boolean);
        return (
          <Card key={link.id} radius="lg" p="md" data-row data-testid="audience-row">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text
                  component={Link}
                  to={`/screeners/${videoId}/tracking-links/${link.id}/overview`}
                  fw={600}
                  // Whole on two lines rather than cut: two cards side by side on a tablet cut long names.
                  lineClamp={2}
                  style={{ color: 'inherit', overflowWrap: 'anywhere' }}
                >
                  {viewerLabel(link)}
                </Text>
                {link.viewer_name && link.viewer_email && (
                  <Text size="xs" c="dimmed" truncate>
                    {link.viewer_email}
                  </Text>
                )}
              </Stack>
              {/* One group: the actions are a fragment, and would spread out under space-between. */}
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <TrackingLinkActions link={link} />
              </Group>
            </Group>
            <Group gap="xs" mt="xs">
              <span data-testid="link-status">
                <StatusBadge link={link} />
              </span>
              <Badge variant="light" color={SOURCE_COLORS[link.generated_by]} data-testid="source-badge">
                {SOURCE_LABELS[link.generated_by]}
              </Badge>
            </Group>
            <LinkEndAndCountries link={link} timezone={timezone} />
            <Text size="sm" mt="xs">
              <SessionsOfLimit link={link} /> session{(link.usage_limit ?? link.sessions) === 1 ? '' : 's'} ·{' '}
              {link.views} view
              {link.views === 1 ? '' : 's'} · {linkWatched(link)} watched
            </Text>
            <Text size="xs" c="dimmed">
              {link.last_active ? `Last active ${fromNow(link.last_active)}` : 'Not opened yet'}
              {where.length > 0 && ` · ${where.join(', ')}`}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
