import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventTracker } from './event-tracker';

type Sent = {
  url: string;
  body: {
    events: { seq: number; type: string; at: number; position: number; data?: Record<string, unknown> }[];
    sentAt?: number;
  };
};

describe('EventTracker', () => {
  let sent: Sent[];
  let failNext: boolean;
  let refuseWith: number | null;
  let position: number;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    failNext = false;
    refuseWith = null;
    position = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (failNext) {
          failNext = false;
          throw new TypeError('network down');
        }
        sent.push({ url, body: JSON.parse(String(init.body)) });
        if (refuseWith) return new Response(JSON.stringify({ reason: 'revoked' }), { status: refuseWith });
        return new Response(JSON.stringify({ accepted: 1, duplicates: 0 }), { status: 200 });
      }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets go of a batch the stopped link refuses, so the closing report behind it is sent', async () => {
    const t = tracker();
    for (let i = 0; i < 150; i++) t.push('click');
    refuseWith = 403;
    await vi.advanceTimersByTimeAsync(5000);
    t.finish('revoked');
    await vi.advanceTimersByTimeAsync(5000);
    t.stop();
    // A 503 would be kept and tried again; a 403 is final: the next batch holds the rest and the stop.
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.events.at(-1)).toMatchObject({ type: 'pause', data: { stopped: 'revoked' } });
    expect(new Set(sent.flatMap((s) => s.body.events.map((e) => e.seq))).size).toBe(151);
  });

  it('sends the closing report after the batch in flight when the session is refused, not never', async () => {
    const t = tracker();
    t.playing(0);
    position = 5;
    // A batch is on its way (slow network) when the heartbeat's refusal takes the player away.
    let answer: () => void = () => undefined;
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(
      (url, init) =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(real(url, init) as unknown as Response);
        }),
    );
    await vi.advanceTimersByTimeAsync(5000);
    t.finish('expired');
    void t.flush();
    t.stop();
    answer();
    await vi.advanceTimersByTimeAsync(0);
    const events = sent.flatMap((s) => s.body.events);
    expect(events.at(-1)).toMatchObject({ type: 'pause', data: { stopped: 'expired' } });
    expect(new Set(events.map((e) => e.seq)).size).toBe(events.length);
  });

  function tracker() {
    const t = new EventTracker('session-1', () => 'token-1');
    t.position = () => position;
    t.start();
    return t;
  }

  it('reports each played stretch with where it began, in numbered batches', async () => {
    const t = tracker();
    t.playing(0);
    position = 5;
    await vi.advanceTimersByTimeAsync(5000);
    position = 7;
    t.seeked(7, 30, true);
    position = 32;
    t.paused(32);
    await vi.advanceTimersByTimeAsync(5000);
    t.stop();

    const events = sent.flatMap((s) => s.body.events);
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [0, 'play'],
      [1, 'progress'],
      [2, 'seek'],
      [3, 'pause'],
    ]);
    expect(events[1]).toMatchObject({ position: 5, data: { from: 0 } });
    expect(events[2]).toMatchObject({ position: 30, data: { from: 5, at: 7 } });
    expect(events[3]).toMatchObject({ position: 32, data: { from: 30 } });
    expect(sent[0]!.url).toContain('/watch/sessions/session-1/events?token=token-1');
  });

  it('numbers on from where the page before stopped when it goes on with its session', async () => {
    const t = new EventTracker('session-1', () => 'token-1', 42);
    t.position = () => position;
    t.start();
    t.playing(0);
    expect(t.nextSeq).toBe(43);
    await vi.advanceTimersByTimeAsync(5000);
    t.stop();
    expect(sent.flatMap((s) => s.body.events).map((e) => e.seq)).toEqual([42]);
  });

  it('keeps a batch that failed and sends it again with the same numbers', async () => {
    const t = tracker();
    t.push('click', { target: 'Play' });
    failNext = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    t.stop();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.events).toMatchObject([{ seq: 0, type: 'click' }]);
  });

  it('sends the page’s clock as each batch goes out, not as its events were queued, a retry included', async () => {
    const t = tracker();
    t.push('click', { target: 'Play' });
    const queuedAt = Date.now();
    failNext = true;
    await vi.advanceTimersByTimeAsync(5000); // lost on the way
    await vi.advanceTimersByTimeAsync(5000);
    t.stop();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.events[0]!.at).toBe(queuedAt);
    expect(sent[0]!.body.sentAt).toBe(queuedAt + 10_000);
  });

  it('sends the page’s clock with each beacon', async () => {
    const bodies: Promise<string>[] = [];
    vi.stubGlobal('navigator', {
      sendBeacon: (_url: string, body: Blob) => {
        bodies.push(body.text());
        return true;
      },
    });
    const t = tracker();
    t.push('click', { target: 'Play' });
    await vi.advanceTimersByTimeAsync(3000);
    t.close();
    t.stop();
    const [beacon] = await Promise.all(bodies);
    expect(JSON.parse(beacon!)).toMatchObject({
      sentAt: Date.now(),
      events: [{ type: 'click' }, { type: 'unload' }],
    });
  });

  it('says goodbye in a beacon with the stretch still playing', () => {
    const beacons: string[] = [];
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, body: Blob) => {
        beacons.push(url);
        return body.size > 0;
      },
    });
    const t = tracker();
    t.playing(10);
    position = 14;
    t.close();
    t.stop();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]).toContain('/watch/sessions/session-1/events?token=token-1');
  });
  it('says goodbye with every event still queued, newest first, in as many beacons as the browser takes', async () => {
    const beacons: number[][] = [];
    let room = 2;
    vi.stubGlobal('navigator', {
      sendBeacon: (_url: string, body: Blob) => {
        if (room === 0) return false;
        room -= 1;
        void body
          .text()
          .then((text) => beacons.push(JSON.parse(text).events.map((e: { seq: number }) => e.seq)));
        return true;
      },
    });
    const t = tracker();
    for (let i = 0; i < 249; i++) t.push('click', { target: 'page' });
    t.close(); // 250 events with the goodbye: room for two beacons only
    await vi.waitFor(() => expect(beacons).toHaveLength(2));
    expect(beacons[0]).toEqual(Array.from({ length: 100 }, (_, i) => 150 + i)); // the goodbye's batch
    expect(beacons[1]).toEqual(Array.from({ length: 100 }, (_, i) => 50 + i));
    // The 50 the browser refused are kept, and go with the next flush.
    await vi.advanceTimersByTimeAsync(5000);
    t.stop();
    expect(sent.flatMap((s) => s.body.events.map((e) => e.seq))).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
  });

  it('reports the stretch played since the last report when the player goes away mid-film', async () => {
    const t = tracker();
    t.playing(0);
    position = 5;
    await vi.advanceTimersByTimeAsync(5000);
    // Revoked 2.5 s later: the refusal replaces the player.
    position = 7.5;
    t.finish('revoked');
    // Going away afterwards adds no second stop.
    t.finish();
    await t.flush();
    t.stop();
    const events = sent.flatMap((s) => s.body.events);
    expect(events.at(-1)).toMatchObject({
      type: 'pause',
      position: 7.5,
      data: { from: 5, stopped: 'revoked' },
    });
    expect(events.filter((e) => e.type === 'pause')).toHaveLength(1);
  });
});
