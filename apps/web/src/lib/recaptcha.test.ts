import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Grecaptcha, loadRecaptchaScript, renderRecaptcha } from './recaptcha';

afterEach(() => {
  delete window.grecaptcha;
});

const container = () => document.createElement('div');
const fakeGrecaptcha = (render: Grecaptcha['render']): Grecaptcha => ({
  ready: (cb) => cb(),
  render,
  reset: vi.fn(),
});

describe('reCAPTCHA v2 in the browser', () => {
  it("says 'No key provided' and 'No version provided' before loading anything", async () => {
    const load = vi.fn();
    const base = { container: container(), theme: 'dark' as const, onToken: () => {}, load };
    await expect(renderRecaptcha({ ...base, siteKey: '', version: 'v2' })).rejects.toThrow('No key provided');
    await expect(renderRecaptcha({ ...base, siteKey: 'site-key', version: '' })).rejects.toThrow(
      'No version provided',
    );
    expect(load).not.toHaveBeenCalled();
  });

  it("says 'Failed to load script' when Google's script cannot load, and tries again next time", async () => {
    // A document that keeps the script instead of fetching it, so the test decides how loading ends.
    const added: HTMLScriptElement[] = [];
    const doc = {
      createElement: (tag: string) => document.createElement(tag),
      head: { appendChild: (el: HTMLScriptElement) => added.push(el) },
    } as unknown as Document;
    const src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    const first = loadRecaptchaScript(src, doc);
    expect(added[0]!.src).toBe(src);
    expect(added[0]!.async).toBe(true);
    added[0]!.onerror!(new Event('error'));
    await expect(first).rejects.toThrow('Failed to load script');

    const second = loadRecaptchaScript(src, doc);
    expect(added).toHaveLength(2);
    window.grecaptcha = fakeGrecaptcha(() => 0);
    added[1]!.onload!(new Event('load'));
    await expect(second).resolves.toBe(window.grecaptcha);
  });

  it("says 'Failed to execute' when the widget cannot render", async () => {
    const g = fakeGrecaptcha(() => {
      throw new Error('reCAPTCHA placeholder element must be empty');
    });
    await expect(
      renderRecaptcha({
        siteKey: 'k',
        version: 'v2',
        container: container(),
        theme: 'dark',
        onToken: () => {},
        load: async () => g,
      }),
    ).rejects.toThrow('Failed to execute');
  });

  it('hands over the token when solved, null when it expires, and resets on demand', async () => {
    let params: Parameters<Grecaptcha['render']>[1] | undefined;
    const g = fakeGrecaptcha((_el, p) => {
      params = p;
      return 7;
    });
    const onToken = vi.fn();
    const reset = await renderRecaptcha({
      siteKey: 'site',
      version: 'v2',
      container: container(),
      theme: 'light',
      onToken,
      load: async () => g,
    });
    expect(params).toMatchObject({ sitekey: 'site', theme: 'light' });
    params!.callback('token-123');
    params!['expired-callback']();
    expect(onToken.mock.calls).toEqual([['token-123'], [null]]);
    reset();
    expect(g.reset).toHaveBeenCalledWith(7);
  });
});
