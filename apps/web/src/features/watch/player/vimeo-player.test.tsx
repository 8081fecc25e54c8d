import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { expect, it } from 'vitest';
import { EventTracker } from '../event-tracker';
import { VimeoPlayer } from './vimeo-player';

const session = {
  sessionId: 's1',
  video: { title: 'Northern Lights', vimeo_id: '760003' },
  watermark: null,
  resumeAt: null,
} as unknown as OpenSessionResponse;

it('keeps Vimeo’s iframe when React runs the effect twice (strict mode)', async () => {
  const { container } = render(
    <StrictMode>
      <VimeoPlayer session={session} tracker={new EventTracker('s1', () => 't')} />
    </StrictMode>,
  );
  await waitFor(() => expect(container.querySelectorAll('iframe[title="Northern Lights"]')).toHaveLength(1));
  expect(container.querySelector('iframe')?.src).toBe(
    'https://player.vimeo.com/video/760003?dnt=1&title=0&byline=0&portrait=0',
  );
});
