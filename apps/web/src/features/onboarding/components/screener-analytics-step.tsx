import { Alert, Button, Divider, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { countryName } from '@screenroom/shared/countries';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { StatCard } from '../../../components/stat-card';
import { isMissing } from '../../../lib/api-client';
import { deviceLabel, formatDateTime, formatWatched } from '../../../lib/format';
import { usePresenter } from '../../auth/api/session';
import { getTrackingLink } from '../../tracking-links/api/get-tracking-link';
import { trackingLinkKey } from '../../tracking-links/api/keys';
import { useUpdateOnboardingState } from '../api/update-onboarding-state';
import { OnboardingStep } from './onboarding-step';
import { useOnboardingLink } from './use-onboarding-link';

export const ANALYTICS_POLL_MS = 3000;

/** screener-analytics: the link's figures, polled until the presenter's own session shows up; then finish. */
export function ScreenerAnalyticsStep() {
  const presenter = usePresenter();
  const navigate = useNavigate();
  const finish = useUpdateOnboardingState();
  const { film, linkId, isPending, failed } = useOnboardingLink();
  const backParams = new URLSearchParams({
    ...(film && { video: film.id }),
    ...(linkId && { link: linkId }),
  }).toString();
  const figures = useQuery({
    queryKey: trackingLinkKey(linkId ?? ''),
    queryFn: ({ signal }) => getTrackingLink(linkId!, signal),
    enabled: Boolean(linkId),
    refetchInterval: ANALYTICS_POLL_MS,
    meta: { silent: true },
  });
  const link = figures.data;
  // The link passed on (`?link=`) needs only its figures; without it, the films and links that find it.
  const figuresFailed = figures.isError && !isMissing(figures.error) ? [figures] : [];
  const loadFailed = linkId ? figuresFailed : failed;
  const seen = (link?.sessions ?? 0) > 0;

  return (
    <OnboardingStep
      path="screener-analytics"
      title="See your session appear"
      description="Every opening of a link is a session: when, for how long, from which country and device. This page refreshes by itself."
    >
      {isPending || (linkId && figures.isPending) ? (
        <Skeleton h={140} radius="md" />
      ) : !link && loadFailed.length > 0 ? (
        <LoadFailedState title="Your link could not be loaded" query={loadFailed} />
      ) : !link ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="No link found">
          Go back and share the film first.
        </Alert>
      ) : (
        <Stack gap="md">
          {seen ? (
            <Alert
              color="teal"
              icon={<IconCheck size={18} />}
              title="Your session is here"
              data-testid="session-seen"
            >
              This is what you will see for every viewer, in the screener’s tracking links.
            </Alert>
          ) : (
            <Group gap="sm" data-testid="session-waiting">
              <Loader size="sm" type="dots" />
              <Text size="sm" c="dimmed">
                Waiting for the first session… open the link from the previous step and press play.
              </Text>
            </Group>
          )}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <StatCard label="Sessions" value={link.sessions} small testId="figure-sessions" />
            <StatCard label="Views" value={link.views} small testId="figure-views" />
            <StatCard
              label="Watched"
              value={formatWatched(link.watched_minutes)}
              small
              testId="figure-watched-minutes"
            />
            <StatCard
              label="Clicks"
              value={link.clicks}
              hint="On the watch page"
              small
              testId="figure-clicks"
            />
          </SimpleGrid>
          {seen && (
            <Text size="sm" c="dimmed">
              Last active {formatDateTime(link.last_active, presenter.timezone)}
              {link.country ? ` · ${countryName(link.country)}` : ''}
              {link.device ? ` · ${deviceLabel(link.device)}` : ''}
              {link.browser ? ` · ${link.browser}` : ''}
            </Text>
          )}
        </Stack>
      )}
      <Divider />
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="gray"
          onClick={() => navigate(`/onboarding/screener-watch?${backParams}`)}
        >
          Back
        </Button>
        <Button
          size="md"
          variant={seen ? 'filled' : 'light'}
          loading={finish.isPending}
          onClick={() =>
            finish.mutate(
              { step: 'finished', completed: true },
              { onSuccess: () => navigate('/', { replace: true }) },
            )
          }
        >
          Finish and go to my screeners
        </Button>
      </Group>
    </OnboardingStep>
  );
}
