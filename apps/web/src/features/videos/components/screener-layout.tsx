import { ActionIcon, Anchor, Button, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconSettings, IconShare } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { NotFoundState } from '../../../components/not-found-state';
import { PageLoader } from '../../../components/page-loader';
import { isMissing } from '../../../lib/api-client';
import { pagePathOf } from '../../../lib/page-path';
import { useSmallPhone } from '../../../lib/use-phone';
import { useVideo } from '../api/get-video';
import { PreviewButton } from './preview-button';
import { VideoStatusBadge } from './video-status-badge';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'tracking-links', label: 'Tracking links' },
  { value: 'shared-with', label: 'Shared with' },
];

/** /screeners/{id}/…: the film's header with its tabs, and the tab's page below. */
export function ScreenerLayout() {
  const { screenerId = '' } = useParams();
  const video = useVideo(screenerId);
  const location = useLocation();
  const navigate = useNavigate();
  // On a phone the three actions with their words need ~372 px of ~350: Preview and Configure keep
  // their icons (named for screen readers and by a tooltip), Share its word, all on one row.
  const phone = useSmallPhone({ getInitialValueInEffect: false });
  // /screeners/{id}/{tab}/…: a viewer's overview (…/tracking-links/{id}/overview) belongs to Tracking links;
  // a dialog to the tab it opened over.
  const segment = pagePathOf(location.pathname, location.state).split('/')[3];
  const tab = TABS.find((t) => t.value === segment)?.value ?? 'overview';

  if (video.isPending) return <PageLoader />;
  if (!video.data) {
    return isMissing(video.error) ? (
      <NotFoundState
        title="This screener does not exist"
        back={{ to: '/screeners', label: 'Back to your screeners' }}
      />
    ) : (
      <LoadFailedState
        title="This screener could not be loaded"
        query={video}
        back={{ to: '/screeners', label: 'Back to your screeners' }}
      />
    );
  }
  const v = video.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/screeners" size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} /> All screeners
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} data-testid="screener-title">
              {v.title}
            </Title>
            <VideoStatusBadge video={v} size="md" />
          </Group>
          {v.director && (
            <Text c="dimmed" size="sm">
              Directed by {v.director}
            </Text>
          )}
        </Stack>
        <Group gap={phone ? 'xs' : 'md'} wrap="nowrap">
          <PreviewButton videoId={v.id} playable={v.playable} iconOnly={phone} />
          {phone ? (
            <Tooltip label="Configure">
              <ActionIcon
                component={Link}
                to={`/screeners/${v.id}/dialog/configurations`}
                state={{ background: tab }}
                variant="default"
                size={36}
                aria-label="Configure"
              >
                <IconSettings size={18} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              component={Link}
              to={`/screeners/${v.id}/dialog/configurations`}
              state={{ background: tab }}
              variant="default"
              leftSection={<IconSettings size={18} />}
            >
              Configure
            </Button>
          )}
          <Button
            component={Link}
            to={`/screeners/${v.id}/dialog/share-options`}
            state={{ background: tab }}
            leftSection={<IconShare size={18} />}
          >
            Share
          </Button>
        </Group>
      </Group>
      <Tabs
        className="film-tabs"
        value={tab}
        onChange={(value) => value && navigate(`/screeners/${v.id}/${value}`)}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet context={v} />
    </Stack>
  );
}
