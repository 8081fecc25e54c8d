import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** Vimeo's page where a presenter makes the access token we ask for; underlined, as a link inside text. */
export function VimeoAppsLink({ children }: { children: ReactNode }) {
  return (
    <Anchor
      href="https://developer.vimeo.com/apps"
      target="_blank"
      rel="noreferrer"
      size="sm"
      underline="always"
    >
      {children}
    </Anchor>
  );
}
