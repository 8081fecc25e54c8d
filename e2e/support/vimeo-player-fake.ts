import type { Page } from '@playwright/test';

/**
 * A stand-in for Vimeo's embed player (https://player.vimeo.com/video/{id}), for a machine that cannot
 * reach vimeo.com. It is served at Vimeo's own address through `page.route`, so the watch page, its
 * iframe and its security policy stay exactly as in production.
 *
 * It speaks the postMessage protocol that `@vimeo/player` (src/player.js, src/lib/postmessage.js) uses:
 * - it announces itself with `{event: 'ready'}` and answers the library's `{method: 'ping'}`;
 * - each call `{method, value}` (addEventListener, play, setCurrentTime, getDuration, …) is answered with
 *   `{method, value}`, or an `{event: 'error', data: {method, name, message}}` it does not know;
 * - player events go out as `{event, data}`, only for the events the page listens to, with Vimeo's data
 *   (`{seconds, percent, duration}`, `{volume, muted}`, `{language, kind, label}`, `{playbackRate}`).
 * The library only accepts messages from a vimeo.com origin, which this page has at Vimeo's address.
 *
 * Events come in the order Vimeo's player sends them: play, then playing, then timeupdate every 250 ms;
 * a jump sends the timeupdate at the new position before seeking and seeked (vimeo/player.js#1094, #61),
 * and buffers meanwhile (bufferstart, bufferend: "also triggered while seeking", its README); pause; at
 * the end pause then ended. A volume or muting set, through the API or the frame's Mute button, sends
 * volumechange; a text track switched, through the API or the frame's Captions menu, texttrackchange
 * (nulls when off). The iframe shows a play/pause button, a "Jump to" button, a Mute button and a
 * Captions menu. The film has two text tracks (English captions, Spanish subtitles).
 */
export async function installVimeoPlayerFake(
  page: Page,
  options: { duration: number; jumpTo?: number; seekMs?: number },
) {
  const config = {
    duration: options.duration,
    jumpTo: options.jumpTo ?? Math.floor(options.duration / 2),
    // How long a jump's new picture takes to load (between seeking and seeked).
    seekMs: options.seekMs ?? 100,
  };
  await page.route('https://player.vimeo.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: playerHtml(config) }),
  );
}

function playerHtml(config: { duration: number; jumpTo: number; seekMs: number }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Vimeo player (test fake)</title>
<style>
  html, body { margin: 0; height: 100%; background: #111; color: #eee; font: 14px system-ui, sans-serif; }
  .stage { position: absolute; inset: 0 0 52px; display: grid; place-items: center;
    background: radial-gradient(circle at 30% 30%, #1a3a4a, #0b0f14); }
  .stage p { margin: 0; opacity: .7; }
  .bar { position: absolute; left: 0; right: 0; bottom: 0; height: 52px; display: flex; gap: 10px;
    align-items: center; padding: 0 12px; background: rgba(0,0,0,.85); }
  button { background: #00adef; color: #fff; border: 0; border-radius: 4px; padding: 8px 14px; font: inherit;
    cursor: pointer; }
  .track { flex: 1; height: 6px; background: #444; border-radius: 3px; overflow: hidden; }
  .track div { height: 100%; width: 0; background: #00adef; }
  #time { font-variant-numeric: tabular-nums; }
</style>
</head>
<body>
<div class="stage"><p>Vimeo player (test fake)</p></div>
<div class="bar">
  <button id="toggle" type="button">Play</button>
  <button id="jump" type="button">Jump to ${clock(config.jumpTo)}</button>
  <div class="track"><div id="played"></div></div>
  <span id="time">0:00 / ${clock(config.duration)}</span>
  <span id="sound">Sound 100%</span>
  <button id="mute" type="button">Mute</button>
  <select id="captions" aria-label="Captions">
    <option value="">Off</option>
    <option value="en">English CC</option>
    <option value="es">Español</option>
  </select>
</div>
<script>
(() => {
  const duration = ${config.duration};
  const jumpTo = ${config.jumpTo};
  const listening = new Set();
  let seconds = 0;
  let paused = true;
  let ended = false;
  let seeking = false;
  let volume = 1;
  let muted = false;
  let playbackRate = 1;
  let ticker = null;
  const textTracks = [
    { language: 'en', kind: 'captions', label: 'English CC', mode: 'disabled' },
    { language: 'es', kind: 'subtitles', label: 'Español', mode: 'disabled' },
  ];

  const clock = (s) => Math.floor(s / 60) + ':' + String(Math.floor(s % 60)).padStart(2, '0');
  const send = (message) => window.parent.postMessage(message, '*');
  const timing = () => ({ seconds, percent: Math.round((seconds / duration) * 1000) / 1000, duration });
  const emit = (event, data = timing()) => { if (listening.has(event)) send({ event, data }); };
  const render = () => {
    document.getElementById('toggle').textContent = paused ? 'Play' : 'Pause';
    document.getElementById('time').textContent = clock(seconds) + ' / ' + clock(duration);
    document.getElementById('played').style.width = (seconds / duration) * 100 + '%';
    document.getElementById('sound').textContent = muted ? 'Muted' : 'Sound ' + Math.round(volume * 100) + '%';
    document.getElementById('mute').textContent = muted ? 'Unmute' : 'Mute';
    document.getElementById('captions').value = textTracks.find((t) => t.mode === 'showing')?.language ?? '';
  };

  function play() {
    if (!paused) return;
    if (ended) { seconds = 0; ended = false; }
    paused = false;
    emit('play');
    render();
    setTimeout(() => {
      if (paused) return;
      emit('playing');
      ticker = setInterval(tick, 250);
    }, 50);
  }
  function tick() {
    if (seeking) return;
    seconds = Math.min(duration, seconds + 0.25 * playbackRate);
    emit('timeupdate');
    render();
    if (seconds >= duration) {
      stop();
      ended = true;
      emit('pause');
      emit('ended');
      render();
    }
  }
  function stop() {
    paused = true;
    clearInterval(ticker);
    ticker = null;
  }
  function pause() {
    if (paused) return;
    stop();
    emit('pause');
    render();
  }
  function seek(to) {
    seconds = Math.max(0, Math.min(duration, to));
    ended = false;
    seeking = true;
    emit('timeupdate');
    emit('seeking');
    emit('bufferstart', null);
    render();
    // The film stands still while the new position loads.
    setTimeout(() => { seeking = false; emit('bufferend', null); emit('timeupdate'); emit('seeked'); }, ${config.seekMs});
  }
  function setMuted(m) {
    muted = Boolean(m);
    emit('volumechange', { volume, muted });
    render();
  }
  function showTrack(language, kind) {
    const track = language ? textTracks.find((t) => t.language === language && (!kind || t.kind === kind)) : undefined;
    if (language && !track) return undefined;
    for (const t of textTracks) t.mode = t === track ? 'showing' : 'disabled';
    emit('texttrackchange', { language: track?.language ?? null, kind: track?.kind ?? null, label: track?.label ?? null });
    render();
    return track;
  }

  const methods = {
    ping: () => undefined,
    // Both asked by the library itself once the player is ready (its lib/embed.js).
    appendVideoMetadata: () => undefined,
    getVideoId: () => Number(location.pathname.split('/').pop()),
    addEventListener: (name) => { listening.add(name); },
    removeEventListener: (name) => { listening.delete(name); },
    play: () => play(),
    pause: () => pause(),
    unload: () => { pause(); seek(0); },
    getCurrentTime: () => seconds,
    setCurrentTime: (to) => { seek(Number(to)); return seconds; },
    getDuration: () => duration,
    getEnded: () => ended,
    getPaused: () => paused,
    getVolume: () => volume,
    setVolume: (v) => { volume = Number(v); emit('volumechange', { volume, muted }); render(); return volume; },
    getMuted: () => muted,
    setMuted: (m) => { setMuted(m); return muted; },
    // Two text tracks, switched as Vimeo's player does (its own texttrackchange follows).
    getTextTracks: () => textTracks,
    enableTextTrack: ({ language, kind }) => showTrack(language, kind),
    disableTextTrack: () => { showTrack(null); },
    getPlaybackRate: () => playbackRate,
    setPlaybackRate: (r) => { playbackRate = Number(r); emit('playbackratechange', { playbackRate }); return playbackRate; },
  };

  window.received = [];
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
    if (!data || typeof data.method !== 'string') return;
    window.received.push(data); // what the page told Vimeo, for the test to read
    const method = methods[data.method];
    if (!method) {
      send({ event: 'error', data: { method: data.method, name: 'TypeError', message: 'The “' + data.method + '” method is not supported.' } });
      return;
    }
    const value = method(data.value);
    send(value === undefined ? { method: data.method } : { method: data.method, value });
  });

  document.getElementById('toggle').addEventListener('click', () => (paused ? play() : pause()));
  document.getElementById('jump').addEventListener('click', () => seek(jumpTo));
  document.getElementById('mute').addEventListener('click', () => setMuted(!muted));
  document.getElementById('captions').addEventListener('change', (event) => showTrack(event.target.value || null));
  render();
  send({ event: 'ready', player_id: null });
})();
</script>
</body>
</html>`;
}

function clock(s: number) {
  return `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}
