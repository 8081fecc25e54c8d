import {
  ActionIcon,
  Box,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconRotate } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { PreviewPlayer, playsFromHls } from '../../../components/preview-player';
import { formatDuration } from '../../../lib/duration';
import { formatDateTime, formatPercent, formatTimeSpent, formatWatched } from '../../../lib/format';
import { usePresenter } from '../../auth/api/session';
import { useHlsUrl } from '../../videos/api/get-hls-url';
import { useSubtitleTrackSources } from '../../videos/api/get-subtitle-files';
import { useSessionReplay } from '../api/get-session-replay';
import { buildTimeline, REPLAY_SPEEDS, type ReplaySpeed, sessionMsAt, viewerStateAt } from '../replay-clock';
import { CoverageStrip } from './coverage-strip';
import { ReplayTimeline } from './replay-timeline';
import { sessionWhere } from './session-meta';
import { useFilmSync } from './use-film-sync';
import { useReplayClock } from './use-replay-clock';

type Props = {
  video: Video;
  trackingLinkId: string;
  sessionId: string;
  /** Start replaying at once (the autoPlay setting, or arriving by auto-jump). */
  startPlaying: boolean;
  /** The replay speed, kept by the page so the next session goes on at the one chosen. */
  speed: ReplaySpeed;
  onSpeed: (speed: ReplaySpeed) => void;
  onEnd: () => void;
};

/** The replay's column: the picture at most about half the screen's height (see below). */
export const REPLAY_MAX_WIDTH = 'calc(52vh * 16 / 9)';

/** One session replayed: the film following the viewer, the event time line, play/pause and speed. */
export function SessionReplay({
  video,
  trackingLinkId,
  sessionId,
  startPlaying,
  speed,
  onSpeed,
  onEnd,
}: Props) {
  const presenter = usePresenter();
  const { syncingWithVideoPlayer } = presenter.player_settings;
  const replay = useSessionReplay(trackingLinkId, sessionId);
  const hls = useHlsUrl(video.id, playsFromHls(video));
  const subtitles = useSubtitleTrackSources(video.id, playsFromHls(video));
  const timeline = useMemo(() => buildTimeline(replay.data?.events ?? []), [replay.data]);
  const [running, setRunning] = useState(startPlaying);
  const [videoEl, setVideoEl] = useState<HTMLVideoElement | null>(null);
  const loaded = Boolean(replay.data);
  const [clockMs, setClockMs] = useReplayClock(timeline.durationMs, speed, running && loaded, () => {
    setRunning(false);
    onEnd();
  });
  const viewer = viewerStateAt(timeline, clockMs, video.duration);
  useFilmSync(videoEl, viewer, clockMs, speed, running && loaded, syncingWithVideoPlayer);

  const atEnd = loaded && clockMs >= timeline.durationMs;
  const toggle = () => {
    if (!running && atEnd) setClockMs(0);
    setRunning(!running);
  };
  const session = replay.data?.session;

  return (
    // The picture at most half the screen's height, so it, the replay's controls and the viewer's
    // position in the film are in view together (at 1440×900 the controls fell below the fold); the
    // controls take the picture's width, so the two line up as one column.
    <Stack
      gap="md"
      w="100%"
      maw={REPLAY_MAX_WIDTH}
      data-testid="session-replay"
      data-running={running && loaded}
    >
      <PreviewPlayer
        video={video}
        hls={hls}
        videoRef={setVideoEl}
        testId="replay-video"
        subtitles={subtitles}
      />
      <Card radius="lg">
        <Stack gap="sm">
          {replay.data && replay.data.events_total > replay.data.events.length && (
            <Text size="sm" c="dimmed" data-testid="replay-truncated">
              This session reported {replay.data.events_total.toLocaleString('en')} events; the replay follows
              its first {replay.data.events.length.toLocaleString('en')}.
            </Text>
          )}
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              <Tooltip label={running ? 'Pause the replay' : 'Play the replay'}>
                <ActionIcon
                  size="lg"
                  radius="xl"
                  onClick={toggle}
                  disabled={!loaded}
                  aria-label={running ? 'Pause replay' : 'Play replay'}
                  data-testid="replay-toggle"
                >
                  {running ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label="From the start">
                <ActionIcon
                  variant="default"
                  size="lg"
                  radius="xl"
                  onClick={() => setClockMs(0)}
                  aria-label="Replay from the start"
                >
                  <IconRotate size={16} />
                </ActionIcon>
              </Tooltip>
              <SegmentedControl
                size="xs"
                aria-label="Replay speed"
                value={String(speed)}
                onChange={(v) => onSpeed(Number(v) as ReplaySpeed)}
                data={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
              />
            </Group>
            <Text size="sm" data-testid="viewer-position">
              Viewer at {formatDuration(viewer.position)} · {viewer.playing ? 'playing' : 'paused'}
              {session && timeline.startMs > 0 && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  ·{' '}
                  {dayjs(timeline.startMs + sessionMsAt(timeline, clockMs))
                    .tz(presenter.timezone)
                    .format('HH:mm:ss')}{' '}
                  your time
                </Text>
              )}
            </Text>
          </Group>
          <Box>
            <Text size="xs" c="dimmed" mb={4}>
              Where the viewer is in the film
            </Text>
            <CoverageStrip
              ranges={session?.played_ranges ?? []}
              duration={video.duration}
              cursor={viewer.position}
              height={10}
            />
          </Box>
          {replay.data ? (
            <ReplayTimeline
              timeline={timeline}
              clockMs={clockMs}
              currentIndex={viewer.index}
              onSeek={setClockMs}
            />
          ) : replay.isError ? (
            <Text c="dimmed" ta="center" py="xl" data-testid="replay-missing">
              This session could not be found among this viewer's sessions.
            </Text>
          ) : (
            <Skeleton h={200} />
          )}
        </Stack>
      </Card>
      {session && (
        <Text size="sm" c="dimmed" data-testid="session-facts">
          Started {formatDateTime(session.start, presenter.timezone)} · {formatTimeSpent(session.time_spent)}{' '}
          on the page · {formatWatched(session.watched_minutes)} watched · {formatPercent(session.coverage)}{' '}
          of the film · {sessionWhere(session)}
        </Text>
      )}
    </Stack>
  );
}
