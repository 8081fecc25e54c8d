import { describe, expect, it } from 'vitest';
import { invitationMail, marketAccessMail } from './invitation.mails';

// As long as a real one: the public address, /watch/ and a 32-character token.
const url = 'https://screenroom.example.org/watch/AbCdEfGhIjKlMnOpQrStUvWxYz012345';

/** The inline style of every element whose whole text is `text`. */
function stylesOfElementsReading(html: string, text: string) {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...html.matchAll(new RegExp(`<(\\w+)[^>]*?style="([^"]*)"[^>]*>${escaped}</\\1>`, 'g'))].map(
    (m) => m[2],
  );
}

describe('invitation mails', () => {
  it('lets the written-out link wrap, so it does not push the mail wider than a phone', async () => {
    const invitation = await invitationMail({
      subject: 'Anna invites you',
      content: 'Hello,\n\nHere is your own link: {{access_link}}',
      url,
      title: 'The Long Way Home',
      thumbnailUrl: null,
      limits: null,
    });
    const market = await marketAccessMail({
      name: 'Marie',
      title: 'Film',
      market: 'EFM',
      presenter: 'Anna',
      url,
    });
    for (const { html } of [invitation, market]) {
      const styles = stylesOfElementsReading(html, url);
      expect(styles.length).toBeGreaterThan(0);
      for (const style of styles) expect(style).toContain('overflow-wrap:anywhere');
    }
  });
});
