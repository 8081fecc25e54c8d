import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { MESSAGES } from '@screenroom/shared/messages';
import { MAX_SUBTITLE_TRACKS, SUBTITLE_MAX_BYTES, type Subtitle } from '@screenroom/shared/schemas/subtitles';
import type { Video } from '@screenroom/shared/schemas/videos';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { SubtitlesSection } from './subtitles-section';

vi.mock('../../../lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const VIDEO_ID = '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11';
const film = (extra: Partial<Video> = {}) =>
  ({ id: VIDEO_ID, type: 'upload', duration: 5400, playable: true, ...extra }) as Pick<
    Video,
    'id' | 'type' | 'duration' | 'playable'
  >;

const track = (id: number, extra: Partial<Subtitle> = {}): Subtitle => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  language: 'fr',
  kind: 'subtitles',
  label: 'French',
  cues: 1204,
  last_cue_end: 5320.5,
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

type Call = { method: string; url: string; body?: BodyInit | null };
let calls: Call[];
let subtitles: Subtitle[];
/** The POST's answer; by default the server takes the file. */
let answerUpload: (form: FormData) => Response | Promise<Response>;
/** The fake server's answers (the list, uploads, deletions) before a test changes them. */
let serveAsUsual: (url: string, init?: RequestInit) => Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  subtitles = [];
  window.localStorage.clear();
  answerUpload = (form) => {
    const added = track(99, {
      language: form.get('language') as Subtitle['language'],
      kind: form.get('kind') as Subtitle['kind'],
      label: (form.get('label') as string | null) ?? 'Spanish',
    });
    subtitles = [...subtitles, added];
    return json(added, 201);
  };
  serveAsUsual = async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body });
    if (method === 'GET') return json({ subtitles });
    if (method === 'POST') return answerUpload(init.body as FormData);
    if (method === 'DELETE') {
      subtitles = subtitles.filter((s) => !url.endsWith(s.id));
      return new Response(null, { status: 204 });
    }
    return json({ message: 'unexpected' }, 500);
  };
  vi.stubGlobal('fetch', vi.fn(serveAsUsual));
});

afterEach(() => {
  vi.mocked(notifySuccess).mockClear();
});

function renderSection(video = film()) {
  return render(
    <MantineProvider>
      <ModalsProvider modalProps={{ transitionProps: { duration: 0 } }}>
        <QueryClientProvider client={createQueryClient()}>
          <SubtitlesSection video={video} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

/** Chooses a file in the drop zone's file input, as the picker does. */
function chooseFile(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const srt = (name = 'dialogue.srt', size = 2048) =>
  new File(['1\n00:00:01,000 --> 00:00:02,000\nHello\n'.padEnd(size, ' ')], name, { type: '' });

const uploads = () => calls.filter((c) => c.method === 'POST');

describe('SubtitlesSection', () => {
  it('lists the tracks with their language (unless named after it), kind and number of lines', async () => {
    subtitles = [
      track(1),
      track(2, { language: 'en', kind: 'captions', label: 'English (captions)', cues: 1 }),
    ];
    renderSection();
    const rows = await screen.findAllByTestId('subtitle-track');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('French')).toBeTruthy();
    // Named after its language, the track does not say the language twice ("French", "French · …").
    expect(within(rows[0] as HTMLElement).getByText('1,204 lines')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByText(/French ·/)).toBeNull();
    expect(within(rows[0] as HTMLElement).queryByText('Captions')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('English (captions)')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Captions')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('English · 1 line')).toBeTruthy();
    expect(calls[0]?.url).toBe(`/v1/videos/${VIDEO_ID}/subtitles`);
    expect(screen.queryByTestId('subtitle-late')).toBeNull();
  });

  it('points to the player above for checking the tracks, once the film plays', async () => {
    subtitles = [track(1)];
    renderSection();
    expect((await screen.findByTestId('subtitles-check')).textContent).toMatch(
      /turn them on in the player above/,
    );
    cleanup();
    renderSection(film({ playable: false }));
    await screen.findAllByTestId('subtitle-track');
    expect(screen.queryByTestId('subtitles-check')).toBeNull();
  });

  it('says what subtitles do for viewers when the film has none', async () => {
    renderSection();
    const empty = await screen.findByTestId('subtitles-empty');
    expect(empty.textContent).toMatch(/festival programmer/);
    expect(empty.textContent).toMatch(/deaf and hard-of-hearing viewers/);
    expect(screen.getByRole('button', { name: 'Add subtitles' })).toBeTruthy();
  });

  it('warns when the last line ends more than 10 s after the film', async () => {
    subtitles = [
      track(1, { last_cue_end: 5409 }),
      track(2, { label: 'French (long cut)', last_cue_end: 5411 }),
    ];
    renderSection(film({ duration: 5400 }));
    const rows = await screen.findAllByTestId('subtitle-track');
    expect(within(rows[0] as HTMLElement).queryByTestId('subtitle-late')).toBeNull();
    const late = within(rows[1] as HTMLElement).getByTestId('subtitle-late');
    expect(late.textContent).toMatch(
      /^The last line comes after the film ends: is this file made for another cut\?/,
    );
    expect(late.textContent).toMatch(/1:30:11; the film lasts 1:30:00/);
  });

  it('sends the file with its language, kind and label as multipart, and says it was added', async () => {
    const { container } = renderSection();
    await screen.findByTestId('subtitles-empty');
    chooseFile(container, srt('la-nuit.es.srt'));
    expect(await screen.findByText(/la-nuit\.es\.srt/)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Language', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Spanish', hidden: true }));
    fireEvent.click(screen.getByRole('radio', { name: 'Captions' }));
    expect(screen.getByRole('textbox', { name: /Name in the player/ }).getAttribute('placeholder')).toBe(
      'Spanish (captions)',
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Name in the player/ }), {
      target: { value: ' Spanish SDH ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));

    await waitFor(() => expect(uploads()).toHaveLength(1));
    const sent = uploads()[0] as Call;
    expect(sent.url).toBe(`/v1/videos/${VIDEO_ID}/subtitles`);
    const form = sent.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('language')).toBe('es');
    expect(form.get('kind')).toBe('captions');
    expect(form.get('label')).toBe('Spanish SDH');
    expect((form.get('file') as File).name).toBe('la-nuit.es.srt');

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Subtitles “Spanish SDH” added'));
    // The list is read again and shows the new track; the form is ready for another file.
    expect(await screen.findByText('Spanish SDH')).toBeTruthy();
    expect(screen.queryByTestId('subtitle-file')).toBeNull();
    // The language is the default next time.
    expect(window.localStorage.getItem('screenroom-subtitle-language')).toBe('es');
  });

  it('starts on English, or on the language of the last upload, and leaves an empty label out', async () => {
    window.localStorage.setItem('screenroom-subtitle-language', 'de');
    const { container } = renderSection();
    await screen.findByTestId('subtitles-empty');
    expect((screen.getByLabelText('Language', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'German',
    );
    chooseFile(container, srt());
    await screen.findByTestId('subtitle-file');
    fireEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));
    await waitFor(() => expect(uploads()).toHaveLength(1));
    const form = uploads()[0]?.body as FormData;
    expect(form.get('language')).toBe('de');
    expect(form.get('kind')).toBe('subtitles');
    expect(form.has('label')).toBe(false);
  });

  it('asks for a file when none was chosen, without sending', async () => {
    renderSection();
    await screen.findByTestId('subtitles-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));
    expect((await screen.findByTestId('subtitle-file-error')).textContent).toBe(
      MESSAGES.subtitleFileRequired,
    );
    expect(uploads()).toHaveLength(0);
  });

  it('refuses a file over 1MB in the browser, without sending it', async () => {
    const { container } = renderSection();
    await screen.findByTestId('subtitles-empty');
    chooseFile(container, srt('huge.srt', SUBTITLE_MAX_BYTES + 1));
    expect((await screen.findByTestId('subtitle-file-error')).textContent).toBe(MESSAGES.subtitleTooLarge);
    expect(screen.queryByTestId('subtitle-file')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));
    expect(uploads()).toHaveLength(0);
  });

  it('shows the server’s refusal of the file in its words, under the file', async () => {
    const unreadable = MESSAGES.subtitleUnreadable('line 12: a time is not valid');
    answerUpload = () => json({ message: unreadable, code: 'SUBTITLE_UNREADABLE' }, 400);
    const { container } = renderSection();
    await screen.findByTestId('subtitles-empty');
    chooseFile(container, srt());
    await screen.findByTestId('subtitle-file');
    fireEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));
    expect((await screen.findByTestId('subtitle-file-error')).textContent).toBe(unreadable);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('refuses a file that is not .srt or .vtt, and takes a .srt whatever type the browser gives it', async () => {
    const { container } = renderSection();
    await screen.findByTestId('subtitles-empty');
    chooseFile(container, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('subtitle-file-error')).textContent).toBe(
      `“notes.txt” is not a subtitle file. ${MESSAGES.subtitleFileRequired}`,
    );
    expect(screen.queryByTestId('subtitle-file')).toBeNull();
    chooseFile(container, new File(['1'], 'film.srt', { type: 'application/octet-stream' }));
    expect((await screen.findByTestId('subtitle-file')).textContent).toMatch(/^film\.srt/);
    expect(screen.queryByTestId('subtitle-file-error')).toBeNull();
  });

  it('shows that the file is being sent, and a failure of the server above the button', async () => {
    let answer: (response: Response) => void = () => {};
    answerUpload = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }) as unknown as Response;
    const { container } = renderSection();
    await screen.findByTestId('subtitles-empty');
    chooseFile(container, srt());
    await screen.findByTestId('subtitle-file');
    const add = screen.getByRole('button', { name: 'Add subtitles' });
    fireEvent.click(add);
    await waitFor(() => expect(add.hasAttribute('data-loading')).toBe(true));
    fireEvent.click(add);
    answer(
      json({ message: 'Screenroom could not save these subtitles just now. Try again in a minute.' }, 503),
    );
    expect((await screen.findByTestId('subtitle-form-error')).textContent).toBe(
      'Screenroom could not save these subtitles just now. Try again in a minute.',
    );
    expect(screen.queryByTestId('subtitle-file-error')).toBeNull();
    expect(uploads()).toHaveLength(1);
    expect(add.hasAttribute('data-loading')).toBe(false);
  });

  it('refuses a label the film has already, whatever its case, without sending', async () => {
    subtitles = [track(1, { label: 'Festival cut' })];
    const { container } = renderSection();
    await screen.findAllByTestId('subtitle-track');
    chooseFile(container, srt());
    await screen.findByTestId('subtitle-file');
    fireEvent.change(screen.getByRole('textbox', { name: /Name in the player/ }), {
      target: { value: 'festival CUT' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));
    expect(await screen.findByText(MESSAGES.subtitleLabelTaken('festival CUT'))).toBeTruthy();
    expect(uploads()).toHaveLength(0);
  });

  it('shows a label the film already has at the label, as the server names the field', async () => {
    subtitles = [track(1, { label: 'Festival cut' })];
    // The server's own words may name the label otherwise than the form would (its default, say).
    const message = MESSAGES.subtitleLabelTaken('Français');
    answerUpload = () => json({ message, code: 'CONFLICT', errors: [{ field: 'label', message }] }, 409);
    const { container } = renderSection();
    await screen.findAllByTestId('subtitle-track');
    fireEvent.click(screen.getByLabelText('Language', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'French', hidden: true }));
    chooseFile(container, srt());
    await screen.findByTestId('subtitle-file');
    fireEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));
    const label = screen.getByRole('textbox', { name: /Name in the player/ });
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('removes a track once the presenter confirms', async () => {
    subtitles = [track(1), track(2, { language: 'de', label: 'German' })];
    renderSection();
    await screen.findAllByTestId('subtitle-track');
    fireEvent.click(screen.getByRole('button', { name: 'Remove German' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep them' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove German' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove subtitles' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        `/v1/videos/${VIDEO_ID}/subtitles/${track(2).id}`,
      ]),
    );
    await waitFor(() => expect(screen.getAllByTestId('subtitle-track')).toHaveLength(1));
    expect(notifySuccess).toHaveBeenCalledWith('Subtitles “German” removed');
  });

  /**
   * Removes a track as a keyboard user does, answering its DELETE with `answer`, and lets the Remove
   * button, disabled while its loader shows, drop the focus to the page as Chromium does.
   */
  async function removeWithKeyboard(label: string, answer: () => Response) {
    let release = () => {};
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (init?.method !== 'DELETE') return serveAsUsual(String(url), init);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      const response = answer();
      return response.ok ? serveAsUsual(String(url), init) : response;
    });
    const button = await screen.findByRole('button', { name: `Remove ${label}` });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove subtitles' }));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    button.blur();
    release();
    return button;
  }
  const removed = () => new Response(null, { status: 204 });

  it('gives focus to the next row’s Remove, and to the upload form once the last track is removed', async () => {
    subtitles = [track(1), track(2, { language: 'de', label: 'German' })];
    renderSection();
    await removeWithKeyboard('French', removed);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove German' })),
    );
    await removeWithKeyboard('German', removed);
    await screen.findByTestId('subtitles-empty');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a file' })),
    );
  });

  it('gives focus back to Remove when the removal is refused', async () => {
    subtitles = [track(1)];
    renderSection();
    const button = await removeWithKeyboard('French', () => json({ message: 'The server is busy' }, 503));
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('says the limit is reached instead of offering the upload at 20 tracks', async () => {
    subtitles = Array.from({ length: MAX_SUBTITLE_TRACKS }, (_, i) =>
      track(i + 1, { label: `Track ${i + 1}` }),
    );
    renderSection();
    expect((await screen.findByTestId('subtitles-limit')).textContent).toBe(
      MESSAGES.subtitleLimit(MAX_SUBTITLE_TRACKS),
    );
    expect(screen.queryByRole('button', { name: 'Add subtitles' })).toBeNull();
  });

  it('only notes that a Vimeo film’s subtitles are added on Vimeo', async () => {
    renderSection(film({ type: 'vimeo' }));
    expect(screen.getByText(MESSAGES.subtitlesOnVimeo)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add subtitles' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? json({ message: 'Too many requests. Try again in a minute.' }, 429)
          : json({ subtitles: [track(1)] }),
      ),
    );
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('subtitle-track')).toBeTruthy();
  });

  it('says a server failure is on Screenroom’s side, in the words every failed load uses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Something went wrong' }, 503)),
    );
    renderSection();
    // The app's client asks twice more (1 s, then 2 s) before the list counts as failed.
    const alert = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(alert.textContent).toMatch(/The subtitles could not be loaded/);
    expect(alert.textContent).toMatch(/Something went wrong on Screenroom’s side/);
  });
});
