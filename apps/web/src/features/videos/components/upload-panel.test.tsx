import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MESSAGES } from '@screenroom/shared/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import type { PreviousUpload, UploadState } from '../use-tus-upload';
import { UploadPanel } from './upload-panel';

/** The tus upload, driven by the test: what it was started with, and the state it reports. */
const upload = vi.hoisted(() => ({
  start: vi.fn(),
  cancel: vi.fn(),
  setState: (_: UploadState) => {},
  /** The unfinished uploads this browser remembers. */
  unfinished: [] as PreviousUpload[],
}));

vi.mock('../../auth/api/session', () => ({ usePresenter: () => ({ id: 'p1' }) }));

vi.mock('../use-tus-upload', () => ({
  findUnfinishedUploads: async () => upload.unfinished,
  useTusUpload: () => {
    const [state, setState] = useState<UploadState>({ status: 'idle' });
    upload.setState = setState;
    return {
      state,
      start: upload.start,
      pause: vi.fn(),
      resume: vi.fn(),
      cancel: upload.cancel,
      reset: vi.fn(),
    };
  },
}));

const UPLOAD_ID = 'a'.repeat(32);
const VIDEO_ID = '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11';

type Call = { method: string; url: string; body: Record<string, unknown> };
let calls: Call[];
/** Holds the answer to POST /videos until the test lets it go. */
let answerCreate: () => Promise<Response>;
/** Holds the answer to PATCH /videos/{id} when set. */
let answerUpdate: (() => Promise<Response>) | null = null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const film = (body: Record<string, unknown>) => ({ video: { id: VIDEO_ID, ...body } });

beforeEach(() => {
  calls = [];
  answerCreate = async () => json(film(calls.at(-1)?.body ?? {}), 201);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : {} });
      if (method === 'POST' && url === '/v1/videos') return answerCreate();
      if (method === 'PATCH') return answerUpdate ? answerUpdate() : json(film(calls.at(-1)?.body ?? {}));
      return json({ message: 'unexpected' }, 500);
    }),
  );
});

afterEach(() => {
  answerUpdate = null;
  upload.unfinished = [];
  window.localStorage.clear();
  upload.start.mockClear();
});

function renderPanel() {
  const onCreated = vi.fn();
  const router = createMemoryRouter([
    { path: '/', element: <UploadPanel onCreated={onCreated} /> },
    { path: '/elsewhere', element: <p>Elsewhere</p> },
  ]);
  render(
    <MantineProvider>
      <Notifications />
      <ModalsProvider>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return { onCreated, router };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const creations = () => calls.filter((c) => c.method === 'POST' && c.url === '/v1/videos');
const updates = () => calls.filter((c) => c.method === 'PATCH');

/** Chooses the film (1,000 bytes, night_train.mp4) in the drop zone. */
async function chooseFilm() {
  const input = (await screen.findByTestId('upload-dropzone')).querySelector('input[type="file"]')!;
  const file = new File(['x'.repeat(1000)], 'night_train.mp4', { type: 'video/mp4' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
  await screen.findByLabelText('Name');
}

/** Chooses a film, describes it and starts its upload; the upload then reports 40% sent. */
async function startUploading() {
  await chooseFilm();
  type('Description', 'A sleeper train, one night.');
  fireEvent.click(screen.getByRole('button', { name: 'Upload and create screener' }));
  await waitFor(() => expect(upload.start).toHaveBeenCalledTimes(1));
  sent(400);
}

const sent = (bytes: number) =>
  act(() =>
    upload.setState({ status: 'uploading', sent: bytes, total: 1000, bytesPerSecond: 100, resumed: false }),
  );
const finished = () => act(() => upload.setState({ status: 'done', uploadId: UPLOAD_ID, total: 1000 }));

describe('UploadPanel: the film’s details while it uploads', () => {
  it('stay open to edits, and the screener is made with what was typed meanwhile', async () => {
    const { onCreated } = renderPanel();
    await startUploading();
    for (const label of ['Name', 'Description', 'Director', 'Producer'])
      expect(field(label).disabled).toBe(false);
    type('Name', 'Night Train');
    type('Director', 'Agnès Varda');
    // Enter in a field checks the details; it does not start the film a second time.
    fireEvent.submit(field('Name').closest('form')!);
    expect(upload.start).toHaveBeenCalledTimes(1);
    sent(700);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '70',
    );
    expect(screen.getByTestId('details-while-uploading').textContent).toMatch(/created with these details/);
    expect(upload.cancel).not.toHaveBeenCalled();
    finished();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(VIDEO_ID));
    expect(creations()[0]?.body).toMatchObject({
      upload_id: UPLOAD_ID,
      title: 'Night Train',
      description: 'A sleeper train, one night.',
      director: 'Agnès Varda',
      producer: null,
    });
    expect(updates()).toEqual([]);
  });

  it('show the spec’s message under a field emptied during the upload, and the screener waits for it', async () => {
    const { onCreated } = renderPanel();
    await startUploading();
    type('Name', '');
    fireEvent.blur(field('Name'));
    expect(await screen.findByText(MESSAGES.nameAndDescription)).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    type('Producer', 'p'.repeat(201));
    fireEvent.blur(field('Producer'));
    expect(await screen.findByText(MESSAGES.maxLength(200))).toBeTruthy();
    // The upload goes on regardless.
    sent(900);
    expect(screen.getByTestId('upload-progress-text').textContent).toContain('(90%)');

    finished();
    expect(await screen.findByRole('button', { name: 'Create the screener' })).toBeTruthy();
    expect(screen.getByTestId('upload-progress-text').textContent).toBe(
      'Uploaded. The screener is not created yet.',
    );
    expect(creations()).toEqual([]);
    type('Name', 'Night Train');
    type('Producer', 'Ciné-Tamaris');
    fireEvent.click(screen.getByRole('button', { name: 'Create the screener' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(VIDEO_ID));
    expect(creations()[0]?.body).toMatchObject({ title: 'Night Train', producer: 'Ciné-Tamaris' });
  });

  it('saves what is typed while the screener is being made to it, through the update endpoint', async () => {
    let letCreate = () => {};
    answerCreate = () =>
      new Promise((resolve) => {
        letCreate = () => resolve(json(film({ title: 'night train' }), 201));
      });
    const { onCreated } = renderPanel();
    await startUploading();
    finished();
    await waitFor(() => expect(creations()).toHaveLength(1));
    expect(screen.getByTestId('upload-progress-text').textContent).toBe('Uploaded. Creating the screener…');
    type('Producer', 'Ciné-Tamaris');
    await act(async () => letCreate());
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(VIDEO_ID));
    expect(updates()).toHaveLength(1);
    expect(updates()[0]).toMatchObject({
      url: `/v1/videos/${VIDEO_ID}`,
      body: { title: 'night train', description: 'A sleeper train, one night.', producer: 'Ciné-Tamaris' },
    });
  });

  it('keep what was typed when the upload fails, and when another file is chosen after', async () => {
    renderPanel();
    await startUploading();
    type('Name', 'Night Train');
    type('Director', 'Agnès Varda');
    act(() =>
      upload.setState({ status: 'error', message: 'This file is not a video we can read', refused: true }),
    );
    expect(field('Name').value).toBe('Night Train');
    expect(field('Director').value).toBe('Agnès Varda');
    fireEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    const input = (await screen.findByTestId('upload-dropzone')).querySelector('input[type="file"]')!;
    const other = new File(['y'], 'night_train_v2.mp4', { type: 'video/mp4' });
    Object.defineProperty(input, 'files', { value: [other], configurable: true });
    fireEvent.change(input);
    await screen.findByLabelText('Name');
    expect(field('Name').value).toBe('Night Train');
    expect(field('Description').value).toBe('A sleeper train, one night.');
    expect(field('Director').value).toBe('Agnès Varda');
  });

  it('save again what is typed while the latest details are being saved, before the dialog closes', async () => {
    let letCreate = () => {};
    answerCreate = () =>
      new Promise((resolve) => {
        letCreate = () => resolve(json(film({ title: 'night train' }), 201));
      });
    let letUpdate = () => {};
    answerUpdate = () =>
      new Promise((resolve) => {
        letUpdate = () => resolve(json(film({})));
      });
    const { onCreated } = renderPanel();
    await startUploading();
    finished();
    await waitFor(() => expect(creations()).toHaveLength(1));
    type('Producer', 'Ciné-Tamaris');
    await act(async () => letCreate());
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(screen.getByTestId('upload-progress-text').textContent).toBe(
      'Uploaded. Saving your latest details…',
    );
    type('Director', 'Agnès Varda');
    await act(async () => letUpdate());
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(onCreated).not.toHaveBeenCalled();
    expect(updates()[1]?.body).toMatchObject({ director: 'Agnès Varda', producer: 'Ciné-Tamaris' });
    await act(async () => letUpdate());
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(VIDEO_ID));
    expect(updates()).toHaveLength(2);
  });

  it('held back once uploaded, asks before leaving (the upload would be lost), and Enter creates it', async () => {
    const { onCreated, router } = renderPanel();
    await startUploading();
    type('Name', '');
    finished();
    expect(await screen.findByRole('button', { name: 'Create the screener' })).toBeTruthy();
    act(() => {
      void router.navigate('/elsewhere');
    });
    expect(await screen.findByText('Leave without the screener?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText('Leave without the screener?')).toBeNull());
    expect(screen.queryByText('Elsewhere')).toBeNull();
    type('Name', 'Night Train');
    fireEvent.submit(field('Name').closest('form')!);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(VIDEO_ID));
    expect(creations()[0]?.body).toMatchObject({ title: 'Night Train' });
  });

  it('a refused screener says why once, beside the film, and its field takes the focus the page lost', async () => {
    answerCreate = async () =>
      json(
        {
          message: 'title: This name is not accepted',
          errors: [{ field: 'title', message: 'This name is not accepted' }],
        },
        400,
      );
    renderPanel();
    await startUploading();
    (document.activeElement as HTMLElement | null)?.blur();
    finished();
    expect(await screen.findByTestId('create-error')).toBeTruthy();
    // The alert and the field's own message; no toast saying it a third time.
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    expect(screen.getAllByText(/This name is not accepted/)).toHaveLength(2);
  });

  it('keep what was typed during the upload through a reload: choosing the same file gives it back', async () => {
    renderPanel();
    await startUploading();
    type('Name', 'Night Train');
    type('Director', 'Ana Ruiz');
    type('Producer', 'Leo Park');
    // The page is reloaded part-way: tus remembers the upload with the details it started with.
    cleanup();
    upload.unfinished = [
      {
        filename: 'night_train.mp4',
        title: 'night train',
        description: 'A sleeper train, one night.',
        size: 1000,
        createdAt: new Date().toISOString(),
      },
    ];
    renderPanel();
    expect(await screen.findByText(/Night Train \(/)).toBeTruthy();
    await chooseFilm();
    expect(field('Name').value).toBe('Night Train');
    expect(field('Description').value).toBe('A sleeper train, one night.');
    expect(field('Director').value).toBe('Ana Ruiz');
    expect(field('Producer').value).toBe('Leo Park');
  });

  it('forget what was kept once the screener is made', async () => {
    const { onCreated } = renderPanel();
    await startUploading();
    type('Director', 'Ana Ruiz');
    expect(window.localStorage.length).toBe(1);
    finished();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(VIDEO_ID));
    expect(window.localStorage.length).toBe(0);
  });
});
