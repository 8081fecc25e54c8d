import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="xl">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /privacy: the terms of use and privacy policy, public and linked from every auth page. */
export function PrivacyPage() {
  return (
    <Stack gap="xl" pb="xl">
      <Stack gap={4}>
        <Title order={1}>Terms and Privacy</Title>
        <Text c="dimmed">How Screenroom treats the films you share and the people who watch them.</Text>
      </Stack>
      <Section title="Who we are">
        <Text>
          Screenroom lets film makers, producers and sales agents ("presenters") share unreleased films
          privately, with a link for each viewer, and see how each viewer watched. The operator of this
          Screenroom installation is responsible for the data described here.
        </Text>
      </Section>
      <Section title="Your films">
        <Text>
          You keep every right to your films. By registering you declare that you own the rights to the videos
          you share, or hold a licence that lets you share them. We store your films only to stream them to
          the viewers you choose; uploaded films are encrypted, and their keys are released only to live
          viewing sessions. Deleting a screener deletes its files.
        </Text>
      </Section>
      <Section title="What we collect about presenters">
        <List spacing={4}>
          <List.Item>
            Your name and e-mail address, used to sign you in with one-time codes and to reach you.
          </List.Item>
          <List.Item>Your films, their details and your sharing settings.</List.Item>
          <List.Item>Sign-in events (time, IP address, browser), kept for security.</List.Item>
          <List.Item>Your plan, when you subscribe through our card-payment provider.</List.Item>
        </List>
      </Section>
      <Section title="What we collect about viewers">
        <Text>
          When someone opens a screener link, we record the viewing session so that the presenter who shared
          it can see it: when it started and ended, which parts of the film played, pauses and seeks, the
          country (derived from the IP address through an offline database), and the device type and browser.
          Viewers who were invited by e-mail are known to the presenter by that address. We do not sell this
          data or use it for advertising.
        </Text>
      </Section>
      <Section title="Cookies and local storage">
        <List spacing={4}>
          <List.Item>A sign-in token and your theme choice, kept in your browser's local storage.</List.Item>
          <List.Item>
            A random device identifier for anonymous links, so one person counts once per device.
          </List.Item>
          <List.Item>A locale cookie (English) that lasts 365 days.</List.Item>
        </List>
      </Section>
      <Section title="Services we rely on">
        <Text>
          Depending on how this installation is configured: an e-mail provider to deliver codes and
          invitations, Vimeo when you link your Vimeo account, Stripe for payments, Google reCAPTCHA against
          automated sign-ups, PostHog for product analytics and Sentry for error reports. Each receives only
          what it needs.
        </Text>
      </Section>
      <Section title="How long we keep it">
        <Text>
          Account data is kept while your account exists. Viewing sessions are kept with the screener they
          belong to and deleted with it. Application logs are deleted after the retention period set by the
          operator.
        </Text>
      </Section>
      <Section title="Your rights">
        <Text>
          You can see and correct your profile in Settings, and ask the operator to export or delete your
          data. Viewers can ask the presenter who invited them, or the operator, to delete their viewing data.
        </Text>
      </Section>
      <Section title="Acceptable use">
        <Text>
          Share only films you have the right to share, and only with people allowed to see them. Do not try
          to download, copy or redistribute films shown to you through Screenroom.
        </Text>
      </Section>
    </Stack>
  );
}
