import { type APIRequestContext, expect } from '@playwright/test';
import { finishOnboardingByApi, signUpByApi } from './auth';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A signed-up presenter whose sample screener has finished encrypting (so playback uses per-segment keys).
 * `withoutSubtitles`: the sample's own English track is removed first, for a test of tracks it adds.
 */
export async function presenterWithEncryptedSample(
  request: APIRequestContext,
  { withoutSubtitles = false } = {},
) {
  const presenter = await signUpByApi(request);
  await finishOnboardingByApi(request, presenter.token);
  const sample = await request.post('/v1/videos/createSampleVideo', { headers: auth(presenter.token) });
  expect(sample.ok()).toBeTruthy();
  const videoId = (await sample.json()).video.id as string;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/v1/videos/${videoId}`, { headers: auth(presenter.token) });
        return (await res.json()).video.status as string;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('encryption-completed');
  if (withoutSubtitles) await removeSubtitles(request, presenter.token, videoId);
  return { ...presenter, videoId };
}

/** Removes a film's subtitle tracks, as its presenter does. */
export async function removeSubtitles(request: APIRequestContext, token: string, videoId: string) {
  const headers = auth(token);
  const listed = await request.get(`/v1/videos/${videoId}/subtitles`, { headers });
  for (const { id } of (await listed.json()).subtitles as { id: string }[]) {
    const removed = await request.delete(`/v1/videos/${videoId}/subtitles/${id}`, { headers });
    expect(removed.ok(), await removed.text()).toBeTruthy();
  }
}

/** Removes every film of a presenter (the sample made at registration included): an empty library. */
export async function emptyLibrary(request: APIRequestContext, token: string) {
  const headers = auth(token);
  const videos = (await (await request.get('/v1/videos', { headers })).json()).results as { id: string }[];
  for (const v of videos) {
    const removed = await request.delete(`/v1/videos/${v.id}`, { headers });
    expect(removed.ok(), await removed.text()).toBeTruthy();
  }
}

/** A tracking link for one viewer; answers the link record (with its `access_url`). */
export async function createTrackingLink(
  request: APIRequestContext,
  token: string,
  body: { video_id: string; viewer_name?: string; viewer_email?: string; usage_limit?: number },
) {
  const res = await request.post('/v1/screeners', { headers: auth(token), data: body });
  expect(res.status()).toBe(201);
  return (await res.json()).screener as { id: string; access_url: string };
}

export async function trackingLinkFigures(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/v1/screeners/${id}`, { headers: auth(token) });
  return (await res.json()).screener as { sessions: number; views: number; watched_minutes: number };
}

export { auth };
