import {
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { countryInSentence } from '@screenroom/shared/countries';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import { IconArrowLeft, IconCheck, IconCopy, IconSettings } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { StatCard } from '../../../components/stat-card';
import { lastSeenCountry } from '../../../lib/country-label';
import { deviceLabel, formatDateTime, linkWatched } from '../../../lib/format';
import { NO_VALUE } from '../../../lib/no-value';
import { usePresenter } from '../../auth/api/session';
import { SOURCE_COLORS, SOURCE_LABELS } from './labels';
import { LinkNotFound } from './link-not-found';
import { StatusBadge } from './status-badge';
import { useTrackingLinkParam } from './use-tracking-link-param';

/** /screeners/{id}/tracking-links/{trackingLinkId}/overview: one viewer's access and figures. */
export function TrackingLinkOverviewPage() {
  const { link, missing, failed } = useTrackingLinkParam();
  const presenter = usePresenter();
  if (missing || failed) return <LinkNotFound failed={failed} />;
  if (!link) return <PageLoader />;
  const l = link;
  const tz = presenter.timezone;
  const geo =
    l.geo_restriction.type === 'none'
      ? 'Anywhere'
      : `${l.geo_restriction.type === 'allow' ? 'Only in' : 'Everywhere but'} ${l.geo_restriction.countries.map(countryInSentence).join(', ')}`;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/screeners/${l.video_id}/tracking-links`} size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} /> All viewers
        </Group>
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={3}>{viewerLabel(l)}</Title>
          <Badge variant="light" color={SOURCE_COLORS[l.generated_by]}>
            {SOURCE_LABELS[l.generated_by]}
          </Badge>
          <StatusBadge link={l} />
        </Group>
        <Group>
          <CopyButton value={l.access_url}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? 'Copied' : 'Copy their link'}
              </Button>
            )}
          </CopyButton>
          <Button
            component={Link}
            to={`../configuration`}
            relative="path"
            leftSection={<IconSettings size={16} />}
          >
            {/* The film's own Configure sits just above: this one names what it changes. */}
            Configure link
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Sessions" value={l.usage_limit ? `${l.sessions} / ${l.usage_limit}` : l.sessions} />
        <StatCard label="Views" value={l.views} />
        <StatCard label="Watched" value={linkWatched(l)} />
        {/* A bare "Clicks" read as clicks on the link; every click on the watch page counts (DOMAIN.md). */}
        <StatCard label="Clicks" value={l.clicks} hint="On the watch page" />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card radius="lg">
            <Stack gap={8}>
              <Text fw={600}>Access</Text>
              <Text size="sm">E-mail: {l.viewer_email ?? NO_VALUE}</Text>
              {/* The list's Invited column falls back to the link's creation the same way. */}
              <Text size="sm">
                {l.invite_date
                  ? `Invited: ${formatDateTime(l.invite_date, tz)}`
                  : `Link created: ${formatDateTime(l.created_at, tz)}`}
              </Text>
              <Text size="sm">Ends: {l.ends_at ? formatDateTime(l.ends_at, tz) : 'Never'}</Text>
              {l.status === 'revoked' && (
                <Text size="sm" c="red" data-testid="revoked-at">
                  Revoked{l.revoked_at ? `: ${formatDateTime(l.revoked_at, tz)}` : ''}
                </Text>
              )}
              <Text size="sm">Countries: {geo}</Text>
              {l.invitation && (
                <Text size="sm" c={l.invitation.status === 'failed' ? 'orange' : undefined}>
                  Invitation:{' '}
                  {l.invitation.status === 'sent'
                    ? `sent ${formatDateTime(l.invitation.sent_at, tz)}`
                    : `not sent (${l.invitation.error})`}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card radius="lg">
            <Stack gap={8}>
              <Text fw={600}>Last seen</Text>
              <Text size="sm">When: {l.last_active ? formatDateTime(l.last_active, tz) : 'Not yet'}</Text>
              <Text size="sm">Country: {lastSeenCountry(l)}</Text>
              <Text size="sm" tt="capitalize">
                Device: {l.device ? deviceLabel(l.device) : NO_VALUE}
              </Text>
              <Text size="sm">Browser: {l.browser ?? NO_VALUE}</Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {/* The viewer's sessions and coverage (the analytics feature, as a child route). */}
      <Outlet context={l} />
    </Stack>
  );
}
