import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  finishOnboardingByApi,
  onboardedPresenter,
  signInByApi,
  uniqueEmail,
  useToken,
} from '../support/auth';
import { E2E } from '../support/env';
import { waitForMail } from '../support/mail';
import { controlsTooSmallForAFinger } from '../support/touch';

const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

/** A presenter with one screener (the sample), opened on its tracking links page. */
async function presenterWithFilm(page: Page, request: Parameters<typeof onboardedPresenter>[1]) {
  const { token } = await onboardedPresenter(page, request);
  const sample = await request.post('/v1/videos/createSampleVideo', {
    headers: { authorization: `Bearer ${token}` },
  });
  const videoId = (await sample.json()).video.id as string;
  await page.goto(`/screeners/${videoId}/tracking-links`);
  return { token, videoId };
}

test('invite two people by e-mail, see both, revoke one', async ({ page, request }) => {
  // Two mails, a revocation, a limit, filters and a search: longer than most on a busy machine.
  test.slow();
  const { token } = await presenterWithFilm(page, request);
  await expect(page.getByTestId('empty-audience')).toBeVisible();
  await page.getByTestId('empty-audience').getByRole('link', { name: 'Share this screener' }).click();
  await expect(page.getByRole('dialog', { name: /Share “A Screenroom sample”/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/share-options.png` });
  await page.getByTestId('share-invite').click();

  const lea = uniqueEmail('lea');
  const sam = uniqueEmail('sam');
  await page.getByLabel('Who').fill(`Lea Programmer <${lea}>\n${sam}`);
  const preview = page.getByTestId('mail-preview');
  await expect(preview).toContainText('https://…/watch/their-own-link');
  // The preview reads as the first invitee's mail will: their name, no placeholder.
  await expect(preview).toContainText('To: Lea Programmer');
  await expect(preview).toContainText('Hello Lea Programmer,');
  await expect(preview).not.toContainText('{{viewer_name}}');
  await page.screenshot({ path: `${shots}/configure-invitation.png` });
  await page.getByRole('button', { name: 'Send invitations' }).click();

  const results = page.getByTestId('invite-results');
  await expect(results).toContainText(lea);
  // Named as typed, as the link's own page will name her.
  await expect(results).toContainText('Lea Programmer');
  await expect(results.getByText('Invited')).toHaveCount(2);
  await page.screenshot({ path: `${shots}/invited-successfully.png` });
  // Each invitee's mail holds a link of their own.
  const leaMail = await waitForMail(lea);
  const samMail = await waitForMail(sam);
  const linkOf = (text: string) => /\/watch\/[\w-]+/.exec(text)?.[0];
  expect(linkOf(leaMail.text)).toBeTruthy();
  expect(linkOf(leaMail.text)).not.toBe(linkOf(samMail.text));
  await page.getByRole('button', { name: 'Done' }).click();
  const tracking = page.url();
  await page.goto('/screeners');
  await expect(page.getByTestId('video-card').getByText('2 tracking links')).toBeVisible();
  await page.goto(tracking);

  const rows = page.getByTestId('audience-row');
  await expect(rows).toHaveCount(2);
  for (const source of await page.getByTestId('source-badge').allTextContents())
    expect(source).toBe('Invitation');
  await page.screenshot({ path: `${shots}/tracking-links.png` });

  // A link's limits show in the list: the viewings allowed beside the sessions, the country rule under
  // the status (a link with neither shows its bare figures).
  const leaRow = rows.filter({ hasText: lea });
  const leaHref = await leaRow.getByRole('link', { name: 'Lea Programmer' }).getAttribute('href');
  const leaId = /tracking-links\/([^/]+)\/overview/.exec(leaHref ?? '')?.[1];
  const limited = await request.patch(`/v1/screeners/${leaId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { usage_limit: 3, geo_restriction: { type: 'allow', countries: ['FR'] } },
  });
  expect(limited.status()).toBe(200);
  await page.reload();
  await expect(leaRow.getByTestId('sessions-cell')).toHaveText('0 / 3');
  await expect(leaRow.getByTestId('link-limits')).toHaveText('only in France');
  await expect(rows.filter({ hasText: sam }).getByTestId('sessions-cell')).toHaveText('0');
  await expect(rows.filter({ hasText: sam }).getByTestId('link-limits')).toHaveCount(0);

  const samRow = rows.filter({ hasText: sam });
  await samRow.getByRole('button', { name: `Actions for ${sam}` }).click();
  await page.getByRole('menuitem', { name: 'Revoke access' }).click();
  // Asked first: keeping access changes nothing.
  const confirm = page.getByRole('dialog', { name: /Revoke the access of/ });
  await confirm.getByRole('button', { name: 'Keep access' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(samRow.getByTestId('link-status')).toHaveText('Active');
  // The menu's item is gone with its menu: focus is back on the row's Actions button, not on the page.
  await expect(samRow.getByRole('button', { name: `Actions for ${sam}` })).toBeFocused();
  await samRow.getByRole('button', { name: `Actions for ${sam}` }).click();
  await page.getByRole('menuitem', { name: 'Revoke access' }).click();
  await confirm.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'can no longer watch' })).toBeVisible();
  await expect(samRow.getByTestId('link-status')).toHaveText('Revoked');
  await expect(samRow.getByRole('button', { name: `Actions for ${sam}` })).toBeFocused();
  await expect(leaRow.getByTestId('link-status')).toHaveText('Active');
  await page.reload();
  await expect(
    page.getByTestId('audience-row').filter({ hasText: sam }).getByTestId('link-status'),
  ).toHaveText('Revoked');

  // Filters live in the address: Back from a viewer's page shows the same filtered list.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Revoked' }).click();
  await expect(page).toHaveURL(/status=revoked/);
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: sam }).click();
  await expect(page).toHaveURL(/\/tracking-links\/[^/]+\/overview$/);
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Revoked');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(sam);
  // Enabled again from a list of revoked viewers, the row leaves it: focus goes to the filter, not the page.
  await rows.getByRole('button', { name: `Actions for ${sam}` }).click();
  await page.getByRole('menuitem', { name: 'Enable again' }).click();
  await expect(page.getByText('No viewer matches')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toBeFocused();
  // Revoked from a list of active viewers: focus goes to the Actions button of the row left in its place.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await expect(rows).toHaveCount(2);
  await rows
    .filter({ hasText: sam })
    .getByRole('button', { name: `Actions for ${sam}` })
    .click();
  await page.getByRole('menuitem', { name: 'Revoke access' }).click();
  await confirm.getByRole('button', { name: 'Revoke access' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('button', { name: `Actions for ${lea}` })).toBeFocused();
  await page.getByLabel('Search viewers').fill('sam');
  await expect(page).toHaveURL(/search=sam/);
  await expect(page.getByText('No viewer matches')).toBeVisible();
});

test('a second invitation to the same person is refused with the spec message', async ({ page, request }) => {
  const { videoId } = await presenterWithFilm(page, request);
  const kim = uniqueEmail('kim');
  await page.goto(`/screeners/${videoId}/dialog/configure-invitation`);
  await page.getByLabel('Who').fill(kim);
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByTestId('invite-results').getByText('Invited')).toBeVisible();
  await page.getByRole('button', { name: 'Invite more people' }).click();
  await page.getByLabel('Who').fill(kim);
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByTestId('invite-results').getByText('Already invited')).toBeVisible();
  // Nothing new went out: the heading says so, rather than "0 invitations sent" under a green tick.
  await expect(page.getByRole('heading', { name: 'No invitation sent' })).toBeVisible();
  await expect(page.getByTestId('invite-results')).toContainText(
    `there is already an invitation for ${kim}, so edit or extend access`,
  );
  // Opened from its address (a bookmark), the dialog has no outcome to show: it claims nothing and
  // points to Shared with.
  const bookmark = await page.context().newPage();
  await bookmark.goto(`/screeners/${videoId}/dialog/invited-successfully`);
  const dialog = bookmark.getByRole('dialog', { name: 'Invitations' });
  await expect(dialog.getByText('Your invitations')).toBeVisible();
  await expect(dialog.getByTestId('invite-results')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'See Shared with' }).click();
  await expect(bookmark).toHaveURL(new RegExp(`/screeners/${videoId}/shared-with$`));
  await expect(bookmark.getByText(kim)).toBeVisible();
});

test('an anonymous link is created, disabled, and stays disabled after a reload', async ({
  page,
  request,
}) => {
  const { videoId } = await presenterWithFilm(page, request);
  await page.goto(`/screeners/${videoId}/dialog/configure-magiclink`);
  // Opened from its address, it starts on its first field rather than on its close button. (The page's
  // code can take a while on a busy machine: the wait for the field has the test's time, as a click does.)
  await page.getByLabel('People').waitFor();
  await expect(page.getByLabel('People')).toBeFocused();
  // Closing the calendar gives focus back to its field, not to the page behind the dialog.
  await page.getByRole('button', { name: 'Ends' }).click();
  await page.locator('.mantine-DateTimePicker-day:not([data-disabled])').last().click();
  await page.getByRole('button', { name: 'Confirm the date and time' }).click();
  await expect(page.getByRole('button', { name: 'Ends' })).toBeFocused();
  await page.getByRole('button', { name: 'Clear the date' }).click();
  await page.getByRole('button', { name: 'Create the anonymous link' }).click();
  await expect(page.getByTestId('magic-link-status')).toHaveText('Active');
  // The form it was made with is gone: focus goes to the new link's Copy button.
  await expect(page.getByRole('button', { name: 'Copy' })).toBeFocused();
  await expect(page.getByTestId('magic-link-url')).toHaveValue(/\/watch\/a\/[\w-]+$/);
  await page.screenshot({ path: `${shots}/configure-magiclink.png` });
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('This cannot be undone')).toBeVisible();
  await page.getByRole('button', { name: 'Disable for good' }).click();
  // The toast first: it shows for 3 s, which a loaded machine can spend on the status check alone.
  await expect(page.getByRole('alert').filter({ hasText: 'The anonymous link is disabled.' })).toBeVisible();
  await expect(page.getByTestId('magic-link-status')).toHaveText('Disabled');
  // Disable went with its panel: focus goes on to the first way left to share, not to the page.
  await expect(page.getByRole('button', { name: 'Invite by e-mail' })).toBeFocused();
  await page.reload();
  await expect(page.getByTestId('magic-link-status')).toHaveText('Disabled');
  await expect(page.getByTestId('magic-link-disabled')).toContainText('cannot be enabled again');
  // Not a dead end: the dialog leads on to a link of one's own.
  await page.getByRole('button', { name: 'Make an access link' }).click();
  await expect(page.getByRole('dialog', { name: /access link/i })).toBeVisible();
});

test('an access link is made and shown with a copy button', async ({ page, request }) => {
  const { videoId } = await presenterWithFilm(page, request);
  await page.goto(`/screeners/${videoId}/dialog/tracking-link/access-link-generated`);
  await expect(page.getByLabel('For')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing to load before the link exists: no request, so no error toast.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.getByLabel('For').fill('Rotterdam programmer');
  await page.getByRole('button', { name: 'Create access link' }).click();
  await expect(page.getByTestId('access-link')).toHaveValue(/\/watch\/[\w-]{32,}$/);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  // The form's button went with the form: focus is on the new link's Copy.
  await expect(page.getByRole('button', { name: 'Copy' })).toBeFocused();
  // Its limits are repeated beside it, so a wrong one shows before the link is sent.
  await expect(page.getByTestId('access-link-limits')).toHaveText(
    'Any number of viewings · no end date · every country',
  );
  await page.screenshot({ path: `${shots}/access-link-generated.png` });
  // The spent form is not in the history: Back leaves the dialogs rather than offering a second link.
  const generated = page.url();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/screeners/${videoId}/tracking-links$`));
  await expect(page.getByRole('button', { name: 'Create access link' })).toHaveCount(0);
  await page.goto(generated);
  await expect(page.getByTestId('access-link')).toHaveValue(/\/watch\//);
  // Opened by its address, the dialog closes to the screener's overview.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/screeners/${videoId}/overview$`));
  await page.getByRole('tab', { name: 'Tracking links' }).click();
  await expect(page.getByTestId('audience-row')).toHaveCount(1);
  await expect(page.getByTestId('source-badge')).toHaveText('Access link');

  // A viewer's page under an address that names no link of this film says so, with the way back.
  for (const tab of ['overview', 'configuration']) {
    await page.goto(`/screeners/${videoId}/tracking-links/00000000-0000-4000-8000-000000000000/${tab}`);
    await expect(page.getByRole('heading', { name: 'This viewer could not be found' })).toBeVisible();
    // At most one toast beside it, not one per failed request (given the time for both to answer).
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.mantine-Notification-root').count()).toBeLessThanOrEqual(1);
  }
  // The replay of a link that does not exist says so once, on the page: it does not ask for the link's
  // sessions as well, whose refusal was a toast beside it.
  const missing = '00000000-0000-4000-8000-000000000000';
  const sessionRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/v1/screeners/${missing}/analytics`)) sessionRequests.push(r.url());
  });
  await page.goto(`/analytics/${videoId}/tracking-links/${missing}`);
  await expect(page.getByRole('heading', { name: 'This viewer could not be found' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sessionRequests).toEqual([]);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.goBack();
  await page.getByRole('link', { name: 'Back to all viewers' }).click();
  await expect(page.getByTestId('audience-row')).toHaveCount(1);
});

test('the sharing dialogs line up their fields and headings', async ({ page, request }) => {
  const { videoId } = await presenterWithFilm(page, request);
  const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())?.y ?? Number.NaN;
  // The limit's hint is longer than the end's: their fields still start on one line.
  await page.goto(`/screeners/${videoId}/dialog/tracking-link/access-link-generated`);
  const limit = page.getByLabel('Viewing limit');
  const ends = page.getByRole('button', { name: 'Ends' });
  await expect(limit).toBeVisible();
  expect(Math.abs((await top(limit)) - (await top(ends)))).toBeLessThanOrEqual(1);

  // The outcome's heading stays beside its icon, however long the sentence under it.
  await page.goto(`/screeners/${videoId}/dialog/configure-invitation`);
  await page.getByLabel('Who').fill(`${uniqueEmail('ida')}\n${uniqueEmail('ola')}`);
  await page.getByRole('button', { name: 'Send invitations' }).click();
  const heading = page.getByRole('heading', { name: '2 invitations sent' });
  await expect(heading).toBeVisible();
  const icon = page.getByTestId('invite-outcome-icon');
  const [h, i] = [await heading.boundingBox(), await icon.boundingBox()];
  expect(h && i && h.x >= i.x + i.width && h.y < i.y + i.height).toBeTruthy();
});

test('Back through the pages of the list takes the search box along', async ({ page, request }) => {
  const { token, videoId } = await presenterWithFilm(page, request);
  for (let i = 0; i < 21; i++) {
    await request.post('/v1/screeners', {
      headers: { authorization: `Bearer ${token}` },
      data: { video_id: videoId, viewer_name: `Viewer ${i}` },
    });
  }
  await page.reload();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByLabel('Search viewers').fill('Viewer 1');
  await expect(page).toHaveURL(/search=Viewer\+1/);
  // Viewer 1 and Viewer 10 to 19.
  await expect(page.getByTestId('audience-row')).toHaveCount(11);
  // Back to the first page, as it was: no search. The box follows, and does not put its text back.
  await page.goBack();
  await expect(page.getByLabel('Search viewers')).toHaveValue('');
  await page.waitForTimeout(600);
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByTestId('audience-row')).toHaveCount(20);
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('on a phone, each viewer is a card that leads to their page', async ({ page, request }) => {
    const { token, videoId } = await presenterWithFilm(page, request);
    const lea = uniqueEmail('lea');
    await request.post('/v1/screeners', {
      headers: { authorization: `Bearer ${token}` },
      // A name as long as some are: the cards must show it whole.
      data: { video_id: videoId, viewer_name: 'Ana Buyer-Castellanos de la Programación' },
    });
    await request.post('/v1/screeners', {
      headers: { authorization: `Bearer ${token}` },
      data: { video_id: videoId, viewer_name: 'Lea Programmer', viewer_email: lea },
    });
    await page.reload();
    // No headers to click on a phone: the order is a menu of its own. Newest first, then by name.
    const cards = page.getByTestId('audience-cards').getByTestId('audience-row');
    await expect(cards.first()).toContainText('Lea Programmer');
    await page.getByRole('combobox', { name: 'Sort viewers' }).click();
    await page.getByRole('option', { name: 'Viewer, A to Z' }).click();
    await expect(page).toHaveURL(/sort=viewer/);
    await expect(cards.first()).toContainText('Ana Buyer');
    await expect(cards.nth(1)).toContainText('Lea Programmer');
    await page.getByLabel('Search viewers').fill('lea');
    const card = cards;
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Lea Programmer');
    await expect(card).toContainText(lea);
    await expect(card.getByTestId('link-status')).toHaveText('Active');
    await expect(card).toContainText('0 sessions · 0 views');
    await expect(page.getByTestId('audience-table')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/tracking-links-phone.png` });
    // An order set by a table header (a wider screen, a shared address) reads as its column and direction.
    await page.goto(`/screeners/${videoId}/tracking-links?sort=views&order=asc`);
    await expect(page.getByRole('combobox', { name: 'Sort viewers' })).toHaveValue('Views, ascending');
    await page.screenshot({ path: `${shots}/tracking-links-phone-sorted-by-header.png` });

    await page.goto(`/screeners/${videoId}/dialog/configure-invitation`);
    await expect(page.getByLabel('Who')).toBeVisible();
    await page.screenshot({ path: `${shots}/configure-invitation-phone.png` });
    // The limit and the end date, a finger's size too: no 17 px steppers beside the limit.
    await page.getByRole('dialog').getByLabel('Ends').scrollIntoViewIfNeeded();
    expect(await controlsTooSmallForAFinger(page)).toEqual([]);
    await page.goBack();

    // A finger reaches every control: the card's copy and actions buttons, the tabs, the menus.
    await expect(cards.first()).toBeVisible();
    expect(await controlsTooSmallForAFinger(page)).toEqual([]);
    await cards
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await controlsTooSmallForAFinger(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await card.getByRole('link', { name: 'Lea Programmer' }).click();
    await expect(page).toHaveURL(/\/tracking-links\/[^/]+\/overview$/);
    await expect(page.getByRole('heading', { name: 'Lea Programmer' })).toBeVisible();
    expect(await controlsTooSmallForAFinger(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    expect(await controlsTooSmallForAFinger(page)).toEqual([]);

    // A tablet held upright has no room for the eleven columns either: cards, two by two.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto(`/screeners/${videoId}/tracking-links`);
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('audience-table')).toHaveCount(0);
    const [left, right] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(right?.y).toBe(left?.y);
    // Half the width: a long name goes on to a second line rather than ending in '…'.
    const name = cards.getByRole('link', { name: 'Ana Buyer-Castellanos de la Programación' });
    expect(
      await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
    ).toBe(true);
    await page.screenshot({ path: `${shots}/tracking-links-tablet.png` });
  });
});

test('a film listed in a market can be taken out again', async ({ page, request }) => {
  const admin = await signInByApi(request, E2E.adminEmail, 'Ada Admin');
  const code = `EFM${Date.now() % 1_000_000}`;
  const created = await request.post('/v1/markets', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: `Market ${code}`, code },
  });
  expect(created.ok()).toBeTruthy();
  const { videoId } = await presenterWithFilm(page, request);

  await page.goto(`/screeners/${videoId}/dialog/share-to-market`);
  const dialog = page.getByRole('dialog', { name: 'Share to a market' });
  await dialog.getByLabel('Market code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.getByRole('button', { name: 'List this film' }).click();
  await expect(dialog.getByTestId('listed-market')).toHaveText(`Market ${code}`);
  await expect((await request.get(`/v1/markets/public/${code}`)).json()).resolves.toMatchObject({
    films: [expect.objectContaining({ video_id: videoId })],
  });

  await dialog.getByRole('button', { name: `Take this film out of Market ${code}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Taken out of Market ${code}` })).toBeVisible();
  await expect(dialog.getByTestId('listed-market')).toHaveCount(0);
  expect((await (await request.get(`/v1/markets/public/${code}`)).json()).films).toEqual([]);
});

test("a market's organisers see who listed which film and can take one out", async ({ browser, request }) => {
  const admin = await signInByApi(request, E2E.adminEmail, 'Ada Admin');
  await finishOnboardingByApi(request, admin.token);
  const presenter = await signInByApi(request, uniqueEmail(), 'Lou Listing');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const code = `BERLIN${Date.now() % 1_000_000}`;
  await request.post('/v1/markets', { headers: auth(admin.token), data: { name: `Market ${code}`, code } });
  const film = await request.post('/v1/videos/createSampleVideo', { headers: auth(presenter.token) });
  expect(film.ok()).toBeTruthy();
  const videoId = (await film.json()).video.id as string;
  const pushed = await request.post('/v1/videos/pushVideoToMarket', {
    headers: auth(presenter.token),
    data: { videoId, code },
  });
  expect(pushed.ok()).toBeTruthy();

  const page = await browser.newPage();
  await useToken(page, admin.token);
  await page.goto('/markets');
  const row = page.getByTestId('market-row').filter({ hasText: code });
  await row.getByRole('button', { name: `Films in Market ${code}: 1` }).click();
  const dialog = page.getByRole('dialog', { name: `Films in Market ${code}` });
  const listing = dialog.getByTestId('market-film-row');
  await expect(listing).toContainText('Lou Listing');
  await expect(listing).toContainText(presenter.email);
  await listing.getByRole('button', { name: /^Take .* out of Market/ }).click();
  await page
    .getByRole('dialog', { name: /^Take “.*” out of Market/ })
    .getByRole('button', { name: 'Take out' })
    .click();
  await expect(dialog.getByText('No film is listed in this market yet.')).toBeVisible();
  // The row went with its button: focus stays in the dialog, on what the list now says.
  await expect(dialog.getByText('No film is listed in this market yet.')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: `Films in Market ${code}: 0` })).toBeVisible();
  expect((await (await request.get(`/v1/markets/public/${code}`)).json()).films).toEqual([]);
  await page.close();
});
