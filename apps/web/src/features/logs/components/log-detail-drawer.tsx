import { Badge, Button, Code, DataList, Drawer, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { LogEntry } from '@screenroom/shared/schemas/logs';
import { IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatInZone, NO_VALUE } from '../../../lib/format';
import { usePresenter } from '../../auth/api/session';
import { logModuleLabel, logTypeLabel } from '../log-labels';
import { copyLogEntry } from './copy-log';
import { LevelBadge } from './level-badge';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fz="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: 0.5 }}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function JsonBlock({ value, empty, label }: { value: unknown; empty: string; label: string }) {
  if (value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0))
    return (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </Code>
  );
}

const orNoValue = (value: string | null) => value ?? NO_VALUE;

/** The detail drawer of one log entry: every field, its context, stack trace and metadata, copy as JSON. */
export function LogDetailDrawer({
  entry,
  onClose,
  isAdmin,
}: {
  entry: LogEntry | null;
  onClose: () => void;
  isAdmin: boolean;
}) {
  const tz = usePresenter().timezone;
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={3} fz="lg">
          Log entry
        </Title>
      }
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {entry && (
        <Stack gap="lg" data-testid="log-detail">
          <Stack gap="xs">
            <Group gap="xs">
              <LevelBadge level={entry.level} />
              <Badge variant="outline" color="gray" size="sm">
                {logTypeLabel(entry.type)}
              </Badge>
              <Badge variant="outline" color="gray" size="sm">
                {logModuleLabel(entry.module)}
              </Badge>
            </Group>
            <Text fw={600} style={{ wordBreak: 'break-word' }}>
              {entry.message}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCopy size={14} />}
              onClick={() => void copyLogEntry(entry)}
              w="fit-content"
            >
              Copy as JSON
            </Button>
          </Stack>
          <DataList size="sm" labelWidth={120} withDivider>
            {(
              [
                ['Time', formatInZone(entry.timestamp, tz, 'MMMM D, YYYY HH:mm:ss.SSS')],
                ['Entry', `#${entry.id}`],
                [
                  'User',
                  entry.user_email
                    ? `${entry.user_email}${entry.user_id ? ` (${entry.user_id})` : ''}`
                    : orNoValue(entry.user_id),
                ],
                [
                  'Film',
                  entry.video_title
                    ? `${entry.video_title}${entry.video_id ? ` (${entry.video_id})` : ''}`
                    : orNoValue(entry.video_id),
                ],
                ['Request', orNoValue(entry.request_id)],
                ['IP address', orNoValue(entry.ip_address)],
                ['Browser', orNoValue(entry.user_agent)],
              ] as const
            ).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue style={{ wordBreak: 'break-word' }}>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
          <Section title="Context">
            <JsonBlock value={entry.context} empty="No context" label="Context" />
          </Section>
          <Section title="Stack trace">
            <JsonBlock
              value={entry.stack_trace}
              empty={isAdmin ? 'No stack trace' : 'No stack trace (stack traces are shown to administrators)'}
              label="Stack trace"
            />
          </Section>
          <Section title="Metadata">
            <JsonBlock value={entry.metadata} empty="No metadata" label="Metadata" />
          </Section>
        </Stack>
      )}
    </Drawer>
  );
}
