import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

describe('service worker registration', () => {
  it('registers /sw.js with scope /', async () => {
    const register = vi.fn(async () => ({ scope: 'http://localhost/' }) as ServiceWorkerRegistration);
    const nav = { serviceWorker: { register } } as unknown as Navigator;
    expect(await registerServiceWorker(nav)).toEqual({ scope: 'http://localhost/' });
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('fails silently where service workers are unsupported or refused', async () => {
    expect(await registerServiceWorker({} as Navigator)).toBeUndefined();
    const refused = {
      serviceWorker: {
        register: vi.fn(async () => Promise.reject(new DOMException('denied', 'SecurityError'))),
      },
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await registerServiceWorker(refused as unknown as Navigator)).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
  });
});
