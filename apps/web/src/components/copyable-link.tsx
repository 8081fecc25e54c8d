import { Button, CopyButton, Group, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Ref } from 'react';

type Props = {
  url: string;
  label: string;
  testId: string;
  copyRef?: Ref<HTMLButtonElement>;
  /** The Copy button takes focus when the dialog around it opens (it opens anew on the link's address). */
  focusCopy?: boolean;
};

/**
 * A link to hand on, whole and selectable, with a Copy button. It wraps rather than scrolls: in a single
 * line a phone showed only "http://…/watch/", the part every link shares.
 */
export function CopyableLink({ url, label, testId, copyRef, focusCopy }: Props) {
  return (
    <Group wrap="nowrap" gap="xs" align="flex-start">
      <Textarea
        value={url}
        readOnly
        autosize
        minRows={1}
        style={{ flex: 1 }}
        styles={{ input: { wordBreak: 'break-all' } }}
        aria-label={label}
        data-testid={testId}
      />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            ref={copyRef}
            data-autofocus={focusCopy || undefined}
            onClick={copy}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
