import { describe, expect, it } from 'vitest';
import { loginLinkMail } from './auth.mails';

const url = 'https://screenroom.example.org/autologin?code=AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('sign-in link mail', () => {
  it('lets the written-out link wrap, so it does not push the mail wider than a phone', async () => {
    const { html } = await loginLinkMail({ url, name: 'Anna' });
    const shown = html.match(/<(\w+)[^>]*?style="([^"]*)"[^>]*>https:\/\/screenroom[^<]*<\/\1>/);
    expect(shown?.[2]).toContain('overflow-wrap:anywhere');
  });
});
