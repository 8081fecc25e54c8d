import { describe, expect, it } from 'vitest';
import { findLeakedSecrets, secretsInMail } from './secret-scan';

describe('the log secret scan', () => {
  it('finds codes and tokens, and not digits inside ids', () => {
    const rows = [
      { id: 1, message: 'Signed in', request_id: 'a1234567-8123-4567-8123-456789012345' },
      { id: 2, message: 'Sign-in code refused', context: { otp: '482913' } },
      { id: 3, metadata: { header: 'Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig' } },
    ];
    const leaks = findLeakedSecrets(rows, ['123456', '482913', 'eyJhbGciOiJIUzI1NiJ9.payload.sig', '42']);
    expect(leaks.map((l) => l.rowId)).toEqual([2, 3]);
    expect(leaks[1]!.secret).toBe('eyJh…ig');
  });

  it('finds anything shaped like a token or a Stripe secret, known or not', () => {
    const rows = [
      { id: 1, message: 'Stripe refused: Invalid API Key provided: sk_test_****1234' },
      { id: 2, message: 'oops sk_live_51Habcdefghijkl' },
      { id: 3, context: { header: 'whsec_abcdefghijklmnop' } },
      {
        id: 4,
        metadata: {
          t: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
        },
      },
    ];
    expect(findLeakedSecrets(rows, []).map((l) => l.rowId)).toEqual([2, 3, 4]);
  });

  it('reads the codes out of sign-in mails', () => {
    const mail = {
      to: ['a@b.co'],
      from: 'x',
      subject: '381920 is your Screenroom sign-in code',
      text: 'Hello Ann 482913 (director.482913@films.test). Your code: 381920. Open http://screenroom.test/autologin?code=abc%2Ddef_ghi to sign in.',
      html: '',
    };
    expect(secretsInMail(mail).sort()).toEqual(['381920', 'abc%2Ddef_ghi', 'abc-def_ghi'].sort());
  });

  it('reads the viewers’ watch links out of invitation mails, not the anonymous-link codes', () => {
    const mail = {
      to: ['a@b.co'],
      from: 'x',
      subject: 'Night Train',
      text: 'Watch it: http://screenroom.test/watch/Zr7mQ0x_Kp2vYt9-LcW4aBn8EeRf1GhJ. Or http://screenroom.test/watch/a/abcdefghijklmnopqr',
      html: '<a href="http://screenroom.test/watch/Zr7mQ0x_Kp2vYt9-LcW4aBn8EeRf1GhJ">Watch</a>',
    };
    expect([...new Set(secretsInMail(mail))]).toEqual(['Zr7mQ0x_Kp2vYt9-LcW4aBn8EeRf1GhJ']);
  });
});
