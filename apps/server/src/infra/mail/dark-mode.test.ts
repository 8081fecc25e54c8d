import { describe, expect, it } from 'vitest';
import { contrast } from '../../../test/contrast';
import { loginLinkMail, otpMail } from '../../modules/auth/auth.mails';
import { planChangedMail, planRequestMail } from '../../modules/billing/billing.mails';
import {
  invitationMail,
  marketAccessMail,
  marketAccessWithdrawnMail,
} from '../../modules/tracking-links/invitation.mails';

const url = 'https://screenroom.example.org/watch/AbCdEfGhIjKlMnOpQrStUvWxYz012345';

/** The declarations the dark-mode block gives a class: `{ color, 'background-color' }`. */
function darkRule(html: string, className: string) {
  const block = html.match(/@media \(prefers-color-scheme: ?dark\) ?\{([\s\S]*?)\}\s*<\/style>/)?.[1] ?? '';
  const rule = block.match(new RegExp(`\\.${className}\\b[^{]*\\{([^}]*)\\}`))?.[1] ?? '';
  return Object.fromEntries(
    [...rule.matchAll(/([\w-]+):\s*(#[0-9a-f]{6})\s*!important/gi)].map((m) => [m[1], m[2]]),
  );
}

const market = { name: 'Ana', title: 'Night Train', market: 'Berlinale EFM', presenter: 'Rui' };

describe('mail layout in a mail client’s dark mode', () => {
  // Every mail the server sends: one element without its class is dark ink on the dark card.
  const mails = () =>
    Promise.all([
      otpMail({ code: '482913', purpose: 'login', name: 'Ana' }),
      loginLinkMail({ url, name: 'Ana' }),
      invitationMail({
        subject: 'Hi',
        content: 'Your link: {{access_link}}',
        url,
        title: 'Night Train',
        thumbnailUrl: null,
        limits: { lead: 'This link works:', items: ['for one viewing'], advice: 'Open it later.' },
        presenter: 'Ana',
      }),
      planRequestMail({ name: 'Ana', email: 'ana@films.test', url }),
      planChangedMail({ name: 'Ana', granted: true, url }),
      marketAccessMail({ ...market, url }),
      marketAccessWithdrawnMail(market),
    ]);

  it('says it supports both schemes, so clients use its own dark colours instead of inverting it', async () => {
    for (const { html } of await mails()) {
      expect(html).toMatch(/<meta name="color-scheme" content="light dark"\/?>/);
      expect(html).toMatch(/<meta name="supported-color-schemes" content="light dark"\/?>/);
    }
  });

  it('keeps text, muted text, links and the button readable on its dark card', async () => {
    for (const { html } of await mails()) {
      const card = darkRule(html, 'sr-card')['background-color']!;
      const page = darkRule(html, 'sr-page')['background-color']!;
      expect(card).toBeDefined();
      expect(page).toBeDefined();
      expect(contrast(darkRule(html, 'sr-ink').color!, card)).toBeGreaterThanOrEqual(7);
      expect(contrast(darkRule(html, 'sr-muted').color!, card)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(darkRule(html, 'sr-link').color!, card)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(darkRule(html, 'sr-brand').color!, page)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(darkRule(html, 'sr-footer').color!, page)).toBeGreaterThanOrEqual(4.5);
      // react-email's Body repeats the page colour on a cell inside it, which the dark rule must reach too.
      expect(html.match(/background-color:#f4f4f6/g)).toHaveLength(2);
      expect(html).toMatch(/\.sr-page,\s*\.sr-page\s*>\s*table\s*>\s*tbody\s*>\s*tr\s*>\s*td\s*\{/);
      const button = darkRule(html, 'sr-button');
      expect(contrast(button.color!, button['background-color']!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('marks every coloured element with its class, and keeps the light colours inline for clients without dark mode', async () => {
    const all = await mails();
    const [otp, link, invitation] = all;
    // Each element that carries a colour inline also carries the class that recolours it in the dark.
    for (const { html } of all) {
      const coloured = [...html.matchAll(/<(\w+)([^>]*?)style="([^"]*(?:^|;)color:[^"]*)"/g)];
      expect(coloured.length).toBeGreaterThan(3);
      for (const [element] of coloured) {
        if (/display:none/.test(element)) continue; // the hidden preview line
        expect(element).toMatch(/class="[^"]*\bsr-/);
      }
    }
    expect(otp!.html).toMatch(/class="sr-ink"[^>]*style="[^"]*color:#1a1b1e/);
    expect(link!.html).toMatch(/class="sr-button"[^>]*style="[^"]*background-color:#7048e8/);
    expect(invitation!.html).toMatch(/class="sr-link"[^>]*style="[^"]*color:#7048e8/);
  });
});
