import { describe, expect, it } from 'vitest';
import { installLocaleCookie, localeCookie } from './locale';

describe('locale cookie', () => {
  it('is en and lasts 365 days', () => {
    expect(localeCookie(false)).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie(true)).toContain('; Secure');
  });

  it('is written to the document', () => {
    installLocaleCookie();
    expect(document.cookie).toContain('locale=en');
    expect(document.documentElement.lang).toBe('en');
  });
});
