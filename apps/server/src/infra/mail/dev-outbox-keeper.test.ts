import { describe, expect, it } from 'vitest';
import { devOutboxKeeper } from './dev-outbox-keeper';

describe('the dev outbox keeper', () => {
  it('keeps the whole mail in the outbox and logs only where to read it', async () => {
    const kept: unknown[] = [];
    const lines: string[] = [];
    const keep = devOutboxKeeper(
      { add: async (m) => kept.push(m) },
      (line) => lines.push(line),
      'http://localhost:3000',
    );
    const mail = {
      to: 'ann@films.test',
      from: 'Screenroom <no-reply@screenroom.local>',
      subject: '381920 is your Screenroom sign-in code',
      text: 'Your code: 381920. Or open http://localhost:3000/autologin?code=abc-def',
      html: '<p>381920</p>',
    };
    await keep(mail);
    expect(kept).toEqual([mail]);
    expect(lines).toEqual([
      '[dev outbox] Mail to ann@films.test kept: open http://localhost:3000/dev/outbox to read it',
    ]);
    expect(lines.join('\n')).not.toMatch(/381920|autologin/);
  });
});
