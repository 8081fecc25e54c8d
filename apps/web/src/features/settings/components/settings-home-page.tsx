import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandVimeo, IconBulb, IconCreditCard, IconFileText, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePresenter } from '../../auth/api/session';

/** /settings: the home of the settings menu, one card per place to go. */
export function SettingsHomePage() {
  const presenter = usePresenter();
  const cards = [
    {
      to: '/settings/profile',
      icon: IconUser,
      title: 'Profile',
      text: `${presenter.name} · ${presenter.timezone} · ${presenter.theme} theme`,
    },
    {
      to: '/settings/vimeo-configurations',
      icon: IconBrandVimeo,
      title: 'Vimeo Configurations',
      text: presenter.vimeo_linked ? 'Your Vimeo account is linked.' : 'No Vimeo account linked yet.',
    },
    {
      to: '/pricing-plans',
      icon: IconCreditCard,
      title: 'Plan',
      text: `You are on the ${presenter.rule_set === 'FREE' ? 'Free' : 'Professional'} plan.`,
    },
    {
      to: '/logs',
      icon: IconFileText,
      title: 'Your activity log',
      text: 'Sign-ins, mails sent and changes to your films.',
    },
    {
      to: '/inspire',
      icon: IconBulb,
      title: 'Inspire',
      text: 'Ideas for getting your screeners watched.',
    },
  ];
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Settings</Title>
        <Text c="dimmed">Your profile, preferences, linked accounts and plan.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="settings-cards">
        {cards.map((c) => (
          <Card
            key={c.to}
            component={Link}
            to={c.to}
            withBorder
            radius="md"
            padding="lg"
            // Mantine's own keyboard focus ring, which a card does not get by itself.
            className="mantine-focus-auto"
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light">
                <c.icon size={22} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{c.title}</Text>
                <Text size="sm" c="dimmed">
                  {c.text}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
