import { describe, expect, it } from 'vitest';
import { LinkToPaste, renderMail } from './layout';

const url = 'https://screenroom.example.org/watch/AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('the link to paste under a mail’s button', () => {
  it('asks to paste it and writes it out whole, wrapping so it does not push the mail wider than a phone', async () => {
    const { html, text } = await renderMail(LinkToPaste({ url }));
    expect(text).toContain(`Or paste this link into your browser:\n\n${url}`);
    const shown = html.match(/<(\w+)[^>]*?style="([^"]*)"[^>]*>https:\/\/screenroom[^<]*<\/\1>/);
    expect(shown?.[2]).toContain('overflow-wrap:anywhere');
  });
});
