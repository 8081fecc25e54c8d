import { describe, expect, it } from 'vitest';
import { contrast } from '../../../test/contrast';
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

/** The invitation mail of a film with no thumbnail or limits, in the presenter's words. */
const invitationOf = (content: string, presenter = 'Anna') =>
  invitationMail({
    subject: 'Anna invites you',
    content,
    url,
    title: 'The Long Way Home',
    thumbnailUrl: null,
    limits: null,
    presenter,
  });

describe('invitation mails', () => {
  it('draws the link in the presenter’s words dark enough to read on the white card', async () => {
    const { html } = await invitationOf('Here is your own link: {{access_link}}');
    const [style] = stylesOfElementsReading(html, url);
    const color = style?.match(/(?:^|;)color:(#[0-9a-f]{6})/i)?.[1];
    expect(color).toBeDefined();
    expect(contrast(color!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('names the presenter as the one who sees the viewing sessions, not an unnamed sharer', async () => {
    const { html, text } = await invitationOf('Here is your own link: {{access_link}}', 'Anna Kowalska');
    for (const body of [html, text])
      expect(body).toContain('viewing sessions are recorded for Anna Kowalska');
    expect(html).not.toContain('the person who shared it');
  });

  it('lets the written-out link wrap, so it does not push the mail wider than a phone', async () => {
    const invitation = await invitationOf('Hello,\n\nHere is your own link: {{access_link}}');
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

  it('tells a market attendee who did not ask for the screener what to do: anyone can type an address at a market', async () => {
    const { text } = await marketAccessMail({
      name: 'Marie',
      title: 'Film',
      market: 'EFM',
      presenter: 'Anna',
      url,
    });
    expect(text).toMatch(/If you did not ask for this screener, you can ignore this e-mail/);
  });
});
