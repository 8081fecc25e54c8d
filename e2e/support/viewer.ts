import type { Browser } from '@playwright/test';

/** A viewer's own browser: no presenter session, nothing shared with the presenter's context. */
export async function viewerPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

/** The path of a link, so a page opens it on the server under test. */
export const pathOf = (url: string) => new URL(url).pathname;
