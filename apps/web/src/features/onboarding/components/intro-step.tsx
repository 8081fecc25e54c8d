import { Button, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconMovie, IconSend } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { usePresenter } from '../../auth/api/session';
import { OnboardingStep } from './onboarding-step';

const points = [
  {
    icon: IconMovie,
    title: 'Bring a film',
    text: 'Link your Vimeo account or upload later. A short sample screener is made for you to try everything with.',
  },
  {
    icon: IconSend,
    title: 'Share it',
    text: 'Give a viewer a link of their own, or invite them by e-mail, with limits you can change at any time.',
  },
  {
    icon: IconChartBar,
    title: 'See who watched',
    text: 'Open the link yourself and watch the session appear: when, for how long, from where.',
  },
];

export function IntroStep() {
  const presenter = usePresenter();
  const navigate = useNavigate();
  return (
    <OnboardingStep
      path="intro"
      title={`Welcome to Screenroom, ${presenter.name}`}
      description="A few minutes from your first film to your first shared screener. Every step is saved, so you can stop and come back."
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {points.map((p) => (
          <Stack key={p.title} gap="xs">
            <ThemeIcon size={42} radius="md" variant="light">
              <p.icon size={24} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>{p.title}</Text>
            <Text size="sm" c="dimmed">
              {p.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button size="md" onClick={() => navigate('/onboarding/vimeo-linking')}>
          Let’s start
        </Button>
      </Group>
    </OnboardingStep>
  );
}
