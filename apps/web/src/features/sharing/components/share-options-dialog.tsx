import { Card, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconLink, IconMail, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDialogNavigation } from './use-dialog-navigation';

function Option(props: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <UnstyledButton onClick={props.onClick} data-testid={props.testId}>
      <Card radius="lg" p="md" h="100%" style={{ transition: 'border-color 120ms' }} className="share-option">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ThemeIcon size={40} radius="md" variant="light">
            {props.icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={600}>{props.title}</Text>
            <Text size="sm" c="dimmed">
              {props.text}
            </Text>
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** /screeners/{id}/dialog/share-options: the four ways to share a screener. */
export function ShareOptionsDialog() {
  const { video, open, close } = useDialogNavigation();
  return (
    <Modal opened onClose={close} title={`Share “${video.title}”`} size="xl" radius="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Option
          testId="share-invite"
          icon={<IconMail size={22} />}
          title="Invite by e-mail"
          text="Each person gets a mail with a link of their own. Paste one address or a whole list."
          onClick={() => open('configure-invitation')}
        />
        <Option
          testId="share-access-url"
          icon={<IconLink size={22} />}
          title="Create an access link"
          text="A personal link to send yourself, by message or in your own mail."
          onClick={() => open('tracking-link/access-link-generated')}
        />
        <Option
          testId="share-anonymous"
          icon={<IconUsersGroup size={22} />}
          title="Anonymous link"
          text="One link for a group: each person and device who opens it becomes a viewer of their own."
          onClick={() => open('configure-magiclink')}
        />
        <Option
          testId="share-market"
          icon={<IconBuildingStore size={22} />}
          title="Share to a market"
          text="List the film at an industry event with its market code; accredited buyers can ask for it."
          onClick={() => open('share-to-market')}
        />
      </SimpleGrid>
    </Modal>
  );
}
