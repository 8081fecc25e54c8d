import { expect, test } from '@playwright/test';
import { enterCode, registerThroughUi, uniqueEmail } from '../support/auth';
import { codeOf, waitForMail } from '../support/mail';

test('a presenter registers with the e-mailed code, signs out, and signs in again', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await registerThroughUi(page, email, 'Nora Newcomer');
  // A new presenter has not finished onboarding: the guard brings them there.
  await expect(page).toHaveURL(/\/onboarding\/intro$/);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The old token was revoked: reloading stays signed out.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText('Check your e-mail')).toBeVisible();
  const mail = await waitForMail(email, (m) => /sign-in code/.test(m.subject));
  await enterCode(page, codeOf(mail));
  await expect(page).toHaveURL(/\/onboarding\/intro$/);
});

test('the spec validation messages show on the registration form', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  await expect(page.getByText('invalid email')).toBeVisible();
  await expect(page.getByText(/declare that you own the rights/)).toBeVisible();
  // The refusal is heard: focus goes to the first field in error.
  await expect(page.getByLabel('Your name')).toBeFocused();
});

test('an API error shows its message in a toast with a Close action', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(uniqueEmail('stranger'));
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'No account uses this e-mail' });
  await expect(toast).toBeVisible();
  // An answer, not a failure: the toast is not titled 'Something went wrong'.
  await expect(toast).not.toContainText('Something went wrong');
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
});

test('a wrong code is refused, and the right one typed next goes through by itself', async ({ page }) => {
  const email = uniqueEmail('typo');
  await page.goto('/register');
  await page.getByLabel('Your name').fill('Tina Typo');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/I own the rights/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  const mail = await waitForMail(email);
  const wrong = codeOf(mail) === '000000' ? '111111' : '000000';
  await enterCode(page, wrong);
  await expect(page.getByRole('alert').filter({ hasText: 'This code is not valid' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  // The boxes are cleared with the first one focused: the right code, typed straight in, goes by itself.
  await expect(page.getByRole('textbox', { name: 'Code digit 1' })).toBeFocused();
  await page.keyboard.type(codeOf(mail));
  await expect(page).not.toHaveURL(/\/register$/);
  // Signed in, the refusal of the wrong code is no longer on screen.
  await expect(page.getByRole('alert').filter({ hasText: 'This code is not valid' })).toHaveCount(0);
});

test.describe('in Berlin, in the light theme', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test("a new account keeps the device's theme and time zone", async ({ page }) => {
    const email = uniqueEmail('berlin');
    await page.goto('/register');
    await page.getByTestId('theme-toggle').click();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await registerThroughUi(page, email, 'Bea Berlin');
    await expect(page).toHaveURL(/\/onboarding\/intro$/);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    const presenter = await page.evaluate(async () => {
      const token = localStorage.getItem('screenroom.token');
      const res = await fetch('/v1/auth/getAuthPresenter', { headers: { authorization: `Bearer ${token}` } });
      return (await res.json()).presenter;
    });
    expect(presenter).toMatchObject({ timezone: 'Europe/Berlin', theme: 'light' });
  });
});
