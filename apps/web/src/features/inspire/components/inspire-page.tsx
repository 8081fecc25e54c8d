import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconCalendarTime,
  IconChartBar,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useVideos } from '../../videos/api/get-videos';

type Idea = {
  icon: typeof IconUsers;
  title: string;
  points: ReactNode[];
  action: { label: string; to: string };
};

/** /inspire: ideas for getting screeners watched, each ending in the app's own action. */
export function InspirePage() {
  const videos = useVideos();
  const first = videos.data?.find((v) => v.type !== 'sample') ?? videos.data?.[0];
  const screener = first ? `/screeners/${first.id}` : null;
  // Films not loaded (yet, or at all) are not an empty library: no offer to add a first one.
  const libraryEmpty = videos.data?.length === 0;

  const ideas: Idea[] = [
    {
      icon: IconUsers,
      title: 'Who to send it to',
      points: [
        'Programmers of the festivals whose deadlines are coming: one personal link each, named after them.',
        'Sales agents and distributors who asked to see it, before a market, not during one.',
        'A few critics or friends you trust, early, for a first reading.',
      ],
      action: screener
        ? { label: 'Invite viewers', to: `${screener}/dialog/share-options` }
        : libraryEmpty
          ? { label: 'Add a screener', to: '/screeners/dialog/add-screener' }
          : { label: 'See your screeners', to: '/screeners' },
    },
    {
      icon: IconCalendarTime,
      title: 'When to send it',
      points: [
        'Tuesday to Thursday mornings in the viewer’s time zone: a mail that arrives as the working week starts is more likely to be read than buried.',
        'Two to three weeks before a selection committee meets, so there is time to watch the whole film.',
        'Set an end date on each link, so a viewer knows the window is real.',
      ],
      action: { label: 'Set your time zone', to: '/settings/profile' },
    },
    {
      icon: IconChartBar,
      title: 'How to read the figures',
      points: [
        'A session that stops in the first minutes is a browse; watched minutes close to the film’s length is a real viewing.',
        'Several sessions from one link can mean a committee: check countries and devices.',
        'No session a week after the invitation: a short, friendly reminder works better than a second link.',
      ],
      action: screener
        ? { label: 'Open your tracking links', to: `${screener}/tracking-links` }
        : { label: 'See your screeners', to: '/screeners' },
    },
    {
      icon: IconShieldLock,
      title: 'Keep control',
      points: [
        'Give each person their own link: a forwarded link shows up as sessions you did not expect.',
        'Limit the number of sessions and the countries; revoke a link at any moment.',
        'Watermarks with the viewer’s name discourage screen recordings.',
      ],
      action: { label: 'See the plans', to: '/pricing-plans' },
    },
  ];

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={2}>Get your screeners watched</Title>
          <Badge variant="light">Ideas</Badge>
        </Group>
        <Text c="dimmed">
          What works for film makers who send films to festivals, buyers and press, and how Screenroom helps.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {ideas.map((idea) => (
          <Card key={idea.title} withBorder radius="md" padding="lg">
            <Stack gap="sm" h="100%">
              <Group gap="sm">
                <ThemeIcon size={40} radius="md" variant="light">
                  <idea.icon size={22} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {idea.title}
                </Title>
              </Group>
              <List size="sm" spacing={6} style={{ flex: 1 }}>
                {idea.points.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
                  <List.Item key={i}>{p}</List.Item>
                ))}
              </List>
              <Group>
                <Button
                  component={Link}
                  to={idea.action.to}
                  variant="light"
                  rightSection={<IconArrowRight size={16} />}
                >
                  {idea.action.label}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
