import { MESSAGES } from '@screenroom/shared/messages';
import { MAX_SUBTITLE_TRACKS, SUBTITLE_MAX_BYTES } from '@screenroom/shared/schemas/subtitles';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayableFilm, openSessionOnFilm } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { logs } from '../../db/schema/logs';
import { videoSubtitles } from '../../db/schema/subtitles';
import { watchSessions } from '../../db/schema/watch';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(t.undocumentedAnswers(), 'answers the API document does not list').toEqual([]);
  await t.close();
});

type Me = Awaited<ReturnType<TestApp['signUp']>>;
type File = { bytes: Buffer | string; filename?: string };

/** A multipart form of text fields and, when given, the file part. */
function form(fields: Record<string, string>, file?: File) {
  const boundary = '----screenroomsubtitles';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    ...(file
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? 'film.srt'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          Buffer.from(file.bytes),
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (me: Me, videoId: string, fields: Record<string, string>, file?: File) => {
  const f = form(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/v1/videos/${videoId}/subtitles`,
    headers: { ...me.headers, ...f.headers },
    payload: f.payload,
  });
};

const list = (me: Me, videoId: string) =>
  t.app.inject({ method: 'GET', url: `/v1/videos/${videoId}/subtitles`, headers: me.headers });

const remove = (me: Me, videoId: string, subtitleId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/v1/videos/${videoId}/subtitles/${subtitleId}`,
    headers: me.headers,
  });

/** The presenter's own copy of a track, for the player on the film's page. */
const ownerFile = (me: Me | { headers: Record<string, string> }, videoId: string, subtitleId: string) =>
  t.app.inject({ method: 'GET', url: `/v1/videos/${videoId}/subtitles/${subtitleId}`, headers: me.headers });

const viewerFile = (sessionId: string, subtitleId: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/watch/sessions/${sessionId}/subtitles/${subtitleId}${token ? `?token=${token}` : ''}`,
  });

const SRT = '1\n00:00:01,000 --> 00:00:02,500\nHello.\n\n2\n00:00:03,000 --> 00:00:04,000\nGoodbye.\n';
const srt = (text = SRT): File => ({ bytes: text, filename: 'film.srt' });

async function presenterWithFilm() {
  const me = await t.signUp();
  const { video } = await createPlayableFilm(t, me.id);
  return { me, video };
}

async function vimeoFilm(presenterId: string) {
  return t.container.videosRepository.create({
    presenterId,
    type: 'vimeo',
    title: 'On Vimeo',
    description: 'Imported',
    status: 'ready-to-use',
    vimeoId: '123456',
  });
}

describe('adding subtitles to a film', () => {
  it('reads a UTF-8 SubRip with a BOM and CRLF lines, and lists it', async () => {
    const { me, video } = await presenterWithFilm();
    const res = await upload(
      me,
      video.id,
      { language: 'fr' },
      {
        bytes: `\uFEFF${SRT.replaceAll('\n', '\r\n')}`,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      language: 'fr',
      kind: 'subtitles',
      label: 'French',
      cues: 2,
      last_cue_end: 4,
      created_at: expect.stringMatching(/^\d{4}-/),
    });
    const listed = await list(me, video.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ subtitles: [res.json()] });
  });

  it('reads a windows-1252 SubRip and keeps it as UTF-8', async () => {
    const { me, video } = await presenterWithFilm();
    const bytes = Buffer.from(
      '1\r\n00:00:01,000 --> 00:00:02,000\r\nCaf\xe9 cr\xe8me \x96 \x93oui\x94\x85\r\n',
      'latin1',
    );
    const res = await upload(me, video.id, { language: 'fr', label: 'Français' }, { bytes });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(videoSubtitles).where(eq(videoSubtitles.id, res.json().id));
    const stored = await t.container.storage.getBuffer(row!.storageKey);
    expect(row!.storageKey).toBe(`videos/${video.id}/subtitles/${row!.id}.vtt`);
    expect(stored!.toString('utf8')).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nCafé crème – “oui”…\n');
  });

  it('reads a WebVTT with cue settings and a NOTE, and writes a normalised WebVTT a viewer reads', async () => {
    const { me, video } = await presenterWithFilm();
    const vtt = [
      'WEBVTT - made by hand',
      '',
      'NOTE This note is not a cue',
      'and goes on here',
      '',
      'intro',
      '00:01.000 --> 00:02.000 align:start line:10%',
      '<i>Hi</i> <font color="red">there</font> & <b>you</b>',
      '',
      '00:00:03.000 --> 00:00:03.000',
      'No time at all: dropped',
      '',
      '01:00:05.250 --> 01:00:07.500',
      'A timing line follows: a cue of its own, with no text, so dropped',
      '00:00:09.000 --> 00:00:10.000',
      '',
    ].join('\n');
    const res = await upload(
      me,
      video.id,
      { language: 'en', kind: 'captions' },
      { bytes: vtt, filename: 'captions.txt' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ label: 'English (captions)', kind: 'captions', cues: 2 });
    expect(res.json().last_cue_end).toBe(3607.5);

    const session = await openSessionOnFilm(t, me.headers, video.id);
    const file = await viewerFile(session.sessionId, res.json().id, session.playbackToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.body).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000 line:10% align:start',
        '<i>Hi</i> there &amp; <b>you</b>',
        '',
        '01:00:05.250 --> 01:00:07.500',
        'A timing line follows: a cue of its own, with no text, so dropped',
        '',
      ].join('\n'),
    );
    // Every timing line is one of ours: a cue's text cannot fake one.
    expect(file.body.match(/-->/g)).toHaveLength(2);
  });

  it('lists a film’s tracks oldest first', async () => {
    const { me, video } = await presenterWithFilm();
    for (const language of ['de', 'es', 'it'])
      expect((await upload(me, video.id, { language }, srt())).statusCode).toBe(201);
    const labels = (await list(me, video.id)).json().subtitles.map((s: { label: string }) => s.label);
    expect(labels).toEqual(['German', 'Spanish', 'Italian']);
  });

  it('refuses what it cannot take, in words', async () => {
    const { me, video } = await presenterWithFilm();
    const expectRefusal = async (
      res: Awaited<ReturnType<typeof upload>>,
      status: number,
      message: string,
    ) => {
      expect(res.json().message, res.body).toBe(message);
      expect(res.statusCode).toBe(status);
    };
    await expectRefusal(await upload(me, video.id, { language: 'fr' }), 400, MESSAGES.subtitleFileRequired);
    await expectRefusal(
      await upload(me, video.id, { language: 'fr' }, { bytes: Buffer.alloc(SUBTITLE_MAX_BYTES + 1, 'a') }),
      413,
      MESSAGES.subtitleTooLarge,
    );
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    await expectRefusal(
      await upload(me, video.id, { language: 'fr' }, { bytes: png, filename: 'poster.srt' }),
      400,
      MESSAGES.subtitleUnreadable('this is not a text file'),
    );
    await expectRefusal(
      await upload(me, video.id, { language: 'fr' }, srt('Just some words\nwith no times\n')),
      400,
      MESSAGES.subtitleUnreadable('no timed lines found'),
    );
    await expectRefusal(
      await upload(me, video.id, { language: 'fr' }, srt('1\n00:00:01,000 --> 00:00:0x,000\nHi\n')),
      400,
      MESSAGES.subtitleUnreadable('line 2: a time is not valid'),
    );
    await expectRefusal(
      await upload(me, video.id, { language: 'xx' }, srt()),
      400,
      `language: ${MESSAGES.subtitleLanguage}`,
    );
    await expectRefusal(await upload(me, video.id, {}, srt()), 400, `language: ${MESSAGES.subtitleLanguage}`);
    await expectRefusal(
      await upload(me, video.id, { language: 'fr', label: 'x'.repeat(61) }, srt()),
      400,
      `label: ${MESSAGES.maxLength(60)}`,
    );
    await expectRefusal(
      await upload(me, video.id, { language: 'fr', kind: 'songs' }, srt()),
      400,
      'kind: kind must be "subtitles" or "captions"',
    );
    const cut = form({ language: 'fr' }, srt());
    const truncated = await t.app.inject({
      method: 'POST',
      url: `/v1/videos/${video.id}/subtitles`,
      headers: { ...me.headers, ...cut.headers },
      payload: cut.payload.subarray(0, cut.payload.length - 30),
    });
    await expectRefusal(truncated, 400, MESSAGES.badMultipart);
    // Said of any file: a presenter adding subtitles is not told to send an image again.
    expect(truncated.json().message).not.toMatch(/image/i);
    // A part too many is a malformed form (400, as too many files is), not a file too large (413).
    await expectRefusal(
      await upload(me, video.id, { language: 'fr', kind: 'subtitles', label: 'A', extra: 'x' }, srt()),
      400,
      'Send the subtitle file with its language, kind and label only.',
    );
    // None of these left a track or a file behind.
    expect((await list(me, video.id)).json().subtitles).toEqual([]);
    expect(await t.container.storage.list(`videos/${video.id}/subtitles`)).toEqual([]);

    const vimeo = await vimeoFilm(me.id);
    await expectRefusal(
      await upload(me, vimeo.id, { language: 'fr' }, srt()),
      409,
      MESSAGES.subtitlesOnVimeo,
    );
  });

  it('refuses a label the film has already, whatever its case, defaults included', async () => {
    const { me, video } = await presenterWithFilm();
    expect((await upload(me, video.id, { language: 'fr' }, srt())).statusCode).toBe(201);
    const same = await upload(me, video.id, { language: 'fr-CA', label: 'FRENCH' }, srt());
    expect(same.statusCode).toBe(409);
    // Named as the field it is about, so the form shows it there; the message as it was, for the toast.
    expect(same.json()).toMatchObject({
      message: MESSAGES.subtitleLabelTaken('FRENCH'),
      errors: [{ field: 'label', message: MESSAGES.subtitleLabelTaken('FRENCH') }],
    });
    const defaulted = await upload(me, video.id, { language: 'fr' }, srt());
    expect(defaulted.json().message).toBe(MESSAGES.subtitleLabelTaken('French'));
    expect(defaulted.json().errors).toEqual([
      { field: 'label', message: MESSAGES.subtitleLabelTaken('French') },
    ]);
    // Captions of the same language have their own default label.
    expect((await upload(me, video.id, { language: 'fr', kind: 'captions' }, srt())).statusCode).toBe(201);
    // The same label sent at once: one is taken, the others told so (never a 500).
    const together = await Promise.all(
      Array.from({ length: 4 }, () => upload(me, video.id, { language: 'de', label: 'Deutsch' }, srt())),
    );
    expect(together.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of together.filter((r) => r.statusCode === 409))
      expect(refused.json().errors).toEqual([
        { field: 'label', message: MESSAGES.subtitleLabelTaken('Deutsch') },
      ]);
  });

  it(`takes ${MAX_SUBTITLE_TRACKS} tracks at most, however many arrive at once`, async () => {
    const { me, video } = await presenterWithFilm();
    for (let i = 1; i < MAX_SUBTITLE_TRACKS; i++)
      expect((await upload(me, video.id, { language: 'en', label: `Cut ${i}` }, srt())).statusCode).toBe(201);
    const together = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        upload(me, video.id, { language: 'en', label: `Late ${i}` }, srt()),
      ),
    );
    expect(together.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of together.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toBe(MESSAGES.subtitleLimit(MAX_SUBTITLE_TRACKS));
    expect((await list(me, video.id)).json().subtitles).toHaveLength(MAX_SUBTITLE_TRACKS);
    const more = await upload(me, video.id, { language: 'en', label: 'One more' }, srt());
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(MESSAGES.subtitleLimit(MAX_SUBTITLE_TRACKS));
    // Said before the file is read or kept anywhere: no file could fit.
    const unread = await upload(
      me,
      video.id,
      { language: 'en', label: 'Unread' },
      { bytes: 'not subtitles' },
    );
    expect(unread.statusCode).toBe(409);
    expect(unread.json().message).toBe(MESSAGES.subtitleLimit(MAX_SUBTITLE_TRACKS));
    // Only the kept tracks have files.
    expect(await t.container.storage.list(`videos/${video.id}/subtitles`)).toHaveLength(MAX_SUBTITLE_TRACKS);
  });

  it('answers 404 for another presenter’s film or track, and for a track of another film', async () => {
    const { me, video } = await presenterWithFilm();
    const track = (await upload(me, video.id, { language: 'fr' }, srt())).json();
    const other = await t.signUp();
    for (const res of [
      await list(other, video.id),
      await upload(other, video.id, { language: 'fr', label: 'Mine' }, srt()),
      await remove(other, video.id, track.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.screenerNotFound);
    }
    const theirs = await ownerFile(other, video.id, track.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(MESSAGES.screenerNotFound);
    const { video: second } = await createPlayableFilm(t, me.id, 'Second film');
    for (const elsewhere of [
      await remove(me, second.id, track.id),
      await ownerFile(me, second.id, track.id),
    ]) {
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().message).toBe(MESSAGES.subtitleNotFound);
    }
    expect((await list(me, video.id)).json().subtitles).toHaveLength(1);
  });

  it('gives the presenter a track as WebVTT, for the player on the film’s page, and no one else', async () => {
    const { me, video } = await presenterWithFilm();
    const track = (await upload(me, video.id, { language: 'fr' }, srt())).json();
    const res = await ownerFile(me, video.id, track.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello.\n\n00:00:03.000 --> 00:00:04.000\nGoodbye.\n',
    );
    expect((await ownerFile({ headers: {} }, video.id, track.id)).statusCode).toBe(401);
  });

  it('removes a track and its file', async () => {
    const { me, video } = await presenterWithFilm();
    const track = (await upload(me, video.id, { language: 'fr' }, srt())).json();
    const key = `videos/${video.id}/subtitles/${track.id}.vtt`;
    expect(await t.container.storage.exists(key)).toBe(true);
    const res = await remove(me, video.id, track.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list(me, video.id)).json().subtitles).toEqual([]);
    expect(await t.container.storage.exists(key)).toBe(false);
    const again = await remove(me, video.id, track.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.subtitleNotFound);
  });

  it('deletes the tracks’ files with the film', async () => {
    const { me, video } = await presenterWithFilm();
    expect((await upload(me, video.id, { language: 'fr' }, srt())).statusCode).toBe(201);
    expect(await t.container.storage.list(`videos/${video.id}/subtitles`)).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/videos/${video.id}`,
      headers: me.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.container.storage.list(`videos/${video.id}/subtitles`)).toEqual([]);
    expect(await t.db.select().from(videoSubtitles).where(eq(videoSubtitles.videoId, video.id))).toEqual([]);
  });
});

describe("a viewer's subtitles", () => {
  it('lists the film’s tracks, oldest first, when a session opens; none for a Vimeo film', async () => {
    const { me, video } = await presenterWithFilm();
    const first = (await upload(me, video.id, { language: 'en', kind: 'captions' }, srt())).json();
    const second = (await upload(me, video.id, { language: 'pt-BR', label: 'Português' }, srt())).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/screeners',
      headers: me.headers,
      payload: { video_id: video.id },
    });
    const token = (created.json().screener.access_url as string).split('/watch/')[1];
    const opened = await t.app.inject({ method: 'POST', url: `/v1/watch/links/${token}/sessions` });
    expect(opened.json().video.subtitles).toEqual([
      { id: first.id, language: 'en', kind: 'captions', label: 'English (captions)' },
      { id: second.id, language: 'pt-BR', kind: 'subtitles', label: 'Português' },
    ]);

    const vimeo = await vimeoFilm(me.id);
    const onVimeo = await t.app.inject({
      method: 'POST',
      url: '/v1/screeners',
      headers: me.headers,
      payload: { video_id: vimeo.id },
    });
    const vimeoToken = (onVimeo.json().screener.access_url as string).split('/watch/')[1];
    const vimeoSession = await t.app.inject({
      method: 'POST',
      url: `/v1/watch/links/${vimeoToken}/sessions`,
    });
    expect(vimeoSession.json().video).toMatchObject({ player: 'vimeo', subtitles: [] });
  });

  it('serves a track only to a live session of its film, as the playlists are', async () => {
    const { me, video } = await presenterWithFilm();
    const track = (await upload(me, video.id, { language: 'fr' }, srt())).json();
    const session = await openSessionOnFilm(t, me.headers, video.id);
    const { sessionId, playbackToken } = session;

    const ok = await viewerFile(sessionId, track.id, playbackToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello.\n\n00:00:03.000 --> 00:00:04.000\nGoodbye.\n',
    );
    const bearer = await t.app.inject({
      method: 'GET',
      url: `/v1/watch/sessions/${sessionId}/subtitles/${track.id}`,
      headers: { authorization: `Bearer ${playbackToken}` },
    });
    expect(bearer.statusCode).toBe(200);

    // Without a token, or with another session's: refused, and written in the log without the token.
    const none = await viewerFile(sessionId, track.id);
    expect(none.statusCode).toBe(401);
    const other = await openSessionOnFilm(t, me.headers, video.id);
    const wrong = await viewerFile(sessionId, track.id, other.playbackToken);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('This viewing session has expired. Reload the page to keep watching.');
    const refusals = await t.db
      .select({ message: logs.message })
      .from(logs)
      .where(and(eq(logs.module, 'watch'), like(logs.message, 'Subtitles refused%')));
    expect(refusals.map((r) => r.message)).toContain('Subtitles refused: no valid playback token');

    // A track of another film, even the presenter's own: not this session's.
    const { video: second } = await createPlayableFilm(t, me.id, 'Second film');
    const elsewhere = (await upload(me, second.id, { language: 'fr' }, srt())).json();
    const notHere = await viewerFile(sessionId, elsewhere.id, playbackToken);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().message).toBe(MESSAGES.subtitleNotFound);

    // Revoked: refused at once, with the reason.
    const [opened] = await t.db
      .select({ linkId: watchSessions.trackingLinkId })
      .from(watchSessions)
      .where(eq(watchSessions.id, sessionId));
    const revokedAt = await t.app.inject({
      method: 'POST',
      url: `/v1/screeners/${opened!.linkId}/updateStatus`,
      headers: me.headers,
      payload: { status: 'revoked' },
    });
    expect(revokedAt.statusCode).toBe(200);
    const revoked = await viewerFile(sessionId, track.id, playbackToken);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().reason).toBe('revoked');
  });
});
