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

/** WCAG's contrast ratio of a #rrggbb colour against white. */
function contrastOnWhite(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
}

describe('invitation mails', () => {
  it('draws the link in the presenter’s words dark enough to read on the white card', async () => {
    const { html } = await invitationMail({
      subject: 'Anna invites you',
      content: 'Here is your own link: {{access_link}}',
      url,
      title: 'The Long Way Home',
      thumbnailUrl: null,
      limits: null,
      presenter: 'Anna',
    });
    const [style] = stylesOfElementsReading(html, url);
    const color = style?.match(/(?:^|;)color:(#[0-9a-f]{6})/i)?.[1];
    expect(color).toBeDefined();
    expect(contrastOnWhite(color!)).toBeGreaterThanOrEqual(4.5);
  });

  it('names the presenter as the one who sees the viewing sessions, not an unnamed sharer', async () => {
    const { html, text } = await invitationMail({
      subject: 'Anna invites you',
      content: 'Here is your own link: {{access_link}}',
      url,
      title: 'The Long Way Home',
      thumbnailUrl: null,
      limits: null,
      presenter: 'Anna Kowalska',
    });
    for (const body of [html, text])
      expect(body).toContain('viewing sessions are recorded for Anna Kowalska');
    expect(html).not.toContain('the person who shared it');
  });

  it('lets the written-out link wrap, so it does not push the mail wider than a phone', async () => {
    const invitation = await invitationMail({
      subject: 'Anna invites you',
      content: 'Hello,\n\nHere is your own link: {{access_link}}',
      url,
      title: 'The Long Way Home',
      thumbnailUrl: null,
      limits: null,
      presenter: 'Anna',
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
