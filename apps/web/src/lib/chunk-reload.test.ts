import { afterEach, describe, expect, it, vi } from 'vitest';
import { installChunkReload, isChunkLoadError, reloadForNewVersion } from './chunk-reload';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reload after a failed chunk load', () => {
  it('recognises the browsers’ chunk-load errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once a minute', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const storage = window.localStorage;
    storage.clear();
    const up = async () => true;
    expect(await reloadForNewVersion(1_000_000, storage, up)).toBe(true);
    expect(await reloadForNewVersion(1_030_000, storage, up)).toBe(false);
    expect(await reloadForNewVersion(1_061_000, storage, up)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while the server cannot be reached (the browser would show its own error page)', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const storage = window.localStorage;
    storage.clear();
    expect(await reloadForNewVersion(1_000_000, storage, async () => false)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Nor does an outage use up the once-a-minute reload for the new version behind it.
    expect(await reloadForNewVersion(1_001_000, storage, async () => true)).toBe(true);
  });

  it('lets the failed navigation land before reloading, so the reload opens the page asked for', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    window.localStorage.clear();
    const uninstall = installChunkReload(200);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    // Not prevented: the import fails, and the router commits the navigation with its error.
    expect(event.defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
    vi.useRealTimers();
  });
});
