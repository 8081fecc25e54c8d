import { describe, expect, it } from 'vitest';
import { withToken } from './token-url';

const origin = 'https://screen.example';

describe('withToken', () => {
  it('replaces the playback token of our own playlist, key and segment URLs', () => {
    expect(withToken(`${origin}/v1/watch/sessions/s/keys/k?token=old`, 'new', origin)).toBe(
      `${origin}/v1/watch/sessions/s/keys/k?token=new`,
    );
    expect(withToken('/v1/watch/sessions/s/master.m3u8?token=a.b-c&x=1', 'n_1', origin)).toBe(
      `${origin}/v1/watch/sessions/s/master.m3u8?token=n_1&x=1`,
    );
  });

  it('leaves URLs without a token, and other origins (signed storage URLs), untouched', () => {
    expect(withToken(`${origin}/v1/x`, 'new', origin)).toBe(`${origin}/v1/x`);
    const signed = 'https://bucket.s3.example/seg.ts?X-Amz-Signature=abc&token=zzz';
    expect(withToken(signed, 'new', origin)).toBe(signed);
  });
});
