import { describe, expect, it } from 'vitest';
import { planRequestMail } from './billing.mails';

const url = 'https://screenroom.example.org/presenters?search=anna%40example.com';

describe('plan request mail', () => {
  it('lets the written-out link wrap, so it does not push the mail wider than a phone', async () => {
    const { html } = await planRequestMail({ name: 'Anna', email: 'anna@example.com', url });
    const shown = html.match(/<(\w+)[^>]*?style="([^"]*)"[^>]*>https:\/\/screenroom[^<]*<\/\1>/);
    expect(shown?.[2]).toContain('overflow-wrap:anywhere');
  });
});
