import { Anchor, Card, Flex, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { NotFoundState } from '../../../components/not-found-state';
import { PageLoader } from '../../../components/page-loader';
import { isMissing } from '../../../lib/api-client';
import { usePresenter } from '../../auth/api/session';
import { useTrackingLink } from '../../tracking-links/api/get-tracking-link';
import { videoQuery } from '../../videos/api/get-video';
import { sessionsQuery, useSessions } from '../api/get-sessions';
import { nextSessionId, type ReplaySpeed } from '../replay-clock';
import { FirstSessionRedirect, REPLAY_ORDER } from './first-session-redirect';
import { ReplaySessionList } from './replay-session-list';
import { ReplaySettings } from './replay-settings';
import { REPLAY_MAX_WIDTH, SessionReplay } from './session-replay';

const LIST_SIZE = 20;

/** Arriving at a session by auto-jump keeps the replay going. */
type ReplayState = { autoJumped?: boolean } | null;

/** /analytics/{videoId}/tracking-links/{trackingLinkId}?sid=: a viewer's sessions, each replayed against the film. */
export function SessionReplayPage() {
  const { trackingLinkId = '', videoId: videoParam } = useParams();
  const [search] = useSearchParams();
  const sid = search.get('sid');
  const link = useTrackingLink(trackingLinkId);
  // The film is the link's own, whatever the address says.
  const videoId = link.data?.video_id ?? '';
  const video = useQuery({ ...videoQuery(videoId), enabled: Boolean(videoId) });
  const presenter = usePresenter();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [listPage, setListPage] = useState(1);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  // Asked for once the link is known to exist: for a missing one the page says so, without a toast beside it.
  const sessions = useSessions(
    trackingLinkId,
    { page: listPage, limit: LIST_SIZE, order: REPLAY_ORDER },
    { enabled: Boolean(link.data) },
  );
  const pathFor = useCallback((sessionId: string) => `?sid=${sessionId}`, []);
  const backTo = `/screeners/${videoId}/tracking-links/${trackingLinkId}/overview`;

  const pageOf = useCallback(
    (page: number) =>
      queryClient.fetchQuery(sessionsQuery(trackingLinkId, { page, limit: LIST_SIZE, order: REPLAY_ORDER })),
    [queryClient, trackingLinkId],
  );

  // A session opened from elsewhere (the link's list is newest first) may be on a later page of this one.
  const listed = sessions.data?.results.some((s) => s.session_id === sid) ?? true;
  const totalPages = sessions.data?.totalPages ?? 1;
  useEffect(() => {
    if (listed || !sid || sessions.isPlaceholderData) return;
    let cancelled = false;
    (async () => {
      for (let page = 1; page <= totalPages && !cancelled; page++) {
        if ((await pageOf(page)).results.some((s) => s.session_id === sid)) {
          if (!cancelled) setListPage(page);
          return;
        }
      }
    })().catch(() => undefined); // the list keeps its page; the replay itself still plays
    return () => {
      cancelled = true;
    };
  }, [listed, sid, sessions.isPlaceholderData, totalPages, pageOf]);

  const onEnd = useCallback(async () => {
    if (!presenter.player_settings.autoJumpToNextSession || !sid || !sessions.data) return;
    const page = sessions.data;
    let next = nextSessionId(
      page.results.map((s) => s.session_id),
      sid,
    );
    if (!next && page.results.at(-1)?.session_id === sid && page.page < page.totalPages) {
      next = (await pageOf(page.page + 1)).results[0]?.session_id ?? null;
      if (next) setListPage(page.page + 1);
    }
    if (next) navigate(pathFor(next), { state: { autoJumped: true } satisfies ReplayState });
  }, [presenter.player_settings.autoJumpToNextSession, sid, sessions.data, pageOf, navigate, pathFor]);

  if (link.isPending || (videoId && video.isPending)) return <PageLoader />;
  if (!link.data || !video.data) {
    const back = { to: '/screeners', label: 'Back to your screeners' };
    // The link or its film failed to load (not a 404): ask again for whichever did.
    const failed = [link, video].filter((q) => q.isError && !isMissing(q.error));
    return failed.length > 0 ? (
      <LoadFailedState title="This viewer could not be loaded" query={failed} back={back} />
    ) : (
      <NotFoundState title="This viewer could not be found" back={back} />
    );
  }
  if (videoParam !== videoId) {
    return (
      <Navigate
        to={{
          pathname: `/analytics/${videoId}/tracking-links/${trackingLinkId}`,
          search: search.toString() && `?${search}`,
        }}
        replace
      />
    );
  }
  const viewer = viewerLabel(link.data);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {viewer}
        </Group>
      </Anchor>
      <div>
        <Title order={2}>Session replay</Title>
        <Text c="dimmed" size="sm">
          {viewer} watching {video.data.title}
        </Text>
      </div>
      {!sid ? (
        <FirstSessionRedirect trackingLinkId={trackingLinkId} backTo={backTo} />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }} order={{ base: 2, md: 1 }}>
            <Card radius="lg" p="xs">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="xs" pb={6}>
                Sessions
              </Text>
              <ReplaySessionList
                page={sessions.data}
                currentId={sid}
                pathFor={pathFor}
                onPage={setListPage}
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }} order={{ base: 1, md: 2 }}>
            {/*
              Settings of a replay, shown once there is one (above "Nothing to replay yet" they did
              nothing), ending where the replay ends: at the page's edge they overshot its column.
            */}
            <Flex justify={{ base: 'flex-start', md: 'flex-end' }} maw={REPLAY_MAX_WIDTH} mb="md">
              <ReplaySettings />
            </Flex>
            <SessionReplay
              key={sid}
              video={video.data}
              trackingLinkId={trackingLinkId}
              sessionId={sid}
              startPlaying={
                presenter.player_settings.autoPlay || Boolean((location.state as ReplayState)?.autoJumped)
              }
              speed={speed}
              onSpeed={setSpeed}
              onEnd={() => void onEnd().catch(() => undefined)}
            />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
