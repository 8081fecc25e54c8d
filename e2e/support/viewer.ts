import type { Browser } from '@playwright/test';

/** A viewer's own browser: no presenter session, nothing shared with the presenter's context. */
export async function viewerPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

/** The path of a link, so a page opens it on the server under test. */
export const pathOf = (url: string) => new URL(url).pathname;

/**
 * A phone viewer's browser, as on an iPhone: touch, a 390×844 screen, and Safari's lack of fullscreen
 * for an element (only a bare video can have it).
 */
export async function iPhoneContext(browser: Browser) {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await phone.addInitScript(() => {
    delete (Element.prototype as Partial<Element>).requestFullscreen;
  });
  return phone;
}
