import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips text and bytes, with a fresh IV each time', () => {
    const key = randomBytes(16);
    expect(box.open(box.seal(key)).equals(key)).toBe(true);
    expect(box.openText(box.seal('vimeo-token'))).toBe('vimeo-token');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered or foreign secret', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('garbage')).toThrow('Not a sealed secret');
  });
});
