import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { aloneForAccount } from './account-lock';
import { codeOf, latestMail, waitForMail } from './mail';

export const uniqueEmail = (tag = 'presenter') => `${tag}.${randomBytes(4).toString('hex')}@films.test`;

/** Types the e-mailed code into the 6-box code input. */
export async function enterCode(page: Page, code: string) {
  await page.getByTestId('otp-input').locator('input').first().click();
  await page.keyboard.type(code);
}

/** Registers through the real screens, reading the code from the mail the SMTP server caught. */
export async function registerThroughUi(page: Page, email: string, name = 'Pat Presenter') {
  await page.goto('/register');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/I own the rights/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your e-mail')).toBeVisible();
  const mail = await waitForMail(email, (m) => /sign-up code/.test(m.subject));
  await enterCode(page, codeOf(mail));
}

/** Registers through the API (faster, for tests about other screens); returns the bearer token. */
export async function signUpByApi(request: APIRequestContext, email = uniqueEmail(), name = 'Pat Presenter') {
  const registered = await request.post('/v1/auth/register', {
    data: { name, email, ownsVideoRights: true },
  });
  expect(registered.ok()).toBeTruthy();
  const mail = await waitForMail(email, (m) => /sign-up code/.test(m.subject));
  const verified = await request.post('/v1/auth/verify-otp', { data: { email, otp: codeOf(mail) } });
  expect(verified.ok()).toBeTruthy();
  const body = await verified.json();
  return { email, token: body.tokens.access.token as string, id: body.presenter.id as string };
}

export async function finishOnboardingByApi(request: APIRequestContext, token: string) {
  for (const step of ['vimeo_linking', 'video_creation', 'screener_creation', 'finished']) {
    const res = await request.post('/v1/presenters/updateOnBoardingState', {
      data: { step, completed: true },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.ok()).toBeTruthy();
  }
}

/** Opens the app already signed in with `token`. */
export async function useToken(page: Page, token: string) {
  await page.addInitScript((t) => window.localStorage.setItem('screenroom.token', t), token);
}

/** A new presenter past onboarding (with the sample screener made at registration), signed in on `page`. */
export async function onboardedPresenter(page: Page, request: APIRequestContext, name?: string) {
  const presenter = await signUpByApi(request, undefined, name);
  await finishOnboardingByApi(request, presenter.token);
  await useToken(page, presenter.token);
  return presenter;
}

/**
 * Signs in to an account through the API, registering it first if it does not exist yet. Workers
 * signing in to the same account (the administrator's) take turns: each new code replaces the last.
 */
export function signInByApi(request: APIRequestContext, email: string, name = 'Pat Presenter') {
  return aloneForAccount(email, async () => {
    // Taken before asking: the code of a sign-in just before this one (already used) arrived earlier.
    const asked = Date.now();
    const login = await request.post('/v1/auth/login', { data: { email } });
    if (login.status() === 404) return signUpByApi(request, email, name);
    expect(login.ok()).toBeTruthy();
    const mail = await latestMail(
      email,
      (m) => /sign-in code/.test(m.subject) && (m.receivedAt ?? 0) >= asked,
    );
    const verified = await request.post('/v1/auth/verify-otp', { data: { email, otp: codeOf(mail) } });
    expect(verified.ok(), await verified.text()).toBeTruthy();
    const body = await verified.json();
    return { email, token: body.tokens.access.token as string, id: body.presenter.id as string };
  });
}
