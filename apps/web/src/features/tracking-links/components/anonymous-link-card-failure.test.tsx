import { fireEvent, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { answerRequests, renderAtPath } from '../../../test/page-harness';
import { AnonymousLinkCard } from './anonymous-link-card';

const videoId = '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11';

it('says once, in its place, that the anonymous link could not be loaded, and Try again loads it', async () => {
  answerRequests(() => ({ status: 503, body: { message: 'Something went wrong' } }));
  renderAtPath('/screeners/x/tracking-links', <AnonymousLinkCard videoId={videoId} />, { toasts: true });
  expect(await screen.findByText('The anonymous link could not be loaded')).toBeTruthy();
  // The card's own words only: no toast saying it again over the page.
  expect(screen.getAllByText(/Something went wrong/)).toHaveLength(1);
  answerRequests(() => ({ status: 200, body: { magicLink: null } }));
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await vi.waitFor(() => expect(screen.queryByText('The anonymous link could not be loaded')).toBeNull());
});
