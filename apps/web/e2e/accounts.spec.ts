import { AUTH_EMULATOR_HOST } from '@fansite/playwright-config';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { stubYouTube } from '@fansite/playwright-config/fake-youtube';

// Each page is driven as soon as the visitor sees what they act on (a heading, a button enabled):
// what they do before the app has taken the rendered page over is kept and handed to the app
// (@fansite/ssr's takeOver). A form's submit button is disabled in the server's HTML until then;
// what needs the session waits for the signed-in account menu, as the visitor does.

// The web build without a Firebase project talks to the emulator under this project id.
const PROJECT_ID = 'demo-fansite';
const emulator = `http://${AUTH_EMULATOR_HOST}`;

const newEmail = () => `fan-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** An account made straight in the emulator, for the tests that are not about signing up. */
async function createAccount(request: APIRequestContext, password = 'first-secret') {
  const email = newEmail();
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  return { email, password };
}

/** The code of the latest reset email the emulator "sent" to `email`. */
async function resetCodeFor(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${emulator}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
      const { oobCodes } = (await response.json()) as {
        oobCodes: { email: string; requestType: string; oobCode: string }[];
      };
      code = oobCodes
        .filter((sent) => sent.email === email && sent.requestType === 'PASSWORD_RESET')
        .at(-1)?.oobCode;
      return code;
    })
    .toBeTruthy();
  return code!;
}

async function signIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const accountMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' });

async function signOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }),
  ).toHaveAttribute('href', '/login');
}

test.describe('accounts', () => {
  test('sign up, sign in, see the dashboard, sign out', async ({ page }) => {
    const email = newEmail();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-secret');
    await page.getByRole('button', { name: 'Sign up' }).click();

    // Typed at once, as a password manager does: the sign-in form must be the one on screen.
    await expect(page).toHaveURL(/\/login\?success=/);
    await expect(page.getByRole('status')).toHaveText(
      'Your account has been created. Please sign in.',
    );
    await signIn(page, email, 'first-secret');
    await expect(page).toHaveURL(/\/$/);

    await accountMenu(page).click();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${email}!` })).toBeVisible();
    await expect(page.getByText('There are no songs in your favorites.')).toBeVisible();

    // The session survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome, ${email}!` })).toBeVisible();

    await signOut(page);
  });

  test('a wrong password shows the red box', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await page.goto('/login');
    await signIn(page, email, 'not-my-password');
    // The emulator names the wrong password; Firebase projects that protect against email
    // enumeration answer invalid-credential instead, which has its own message.
    await expect(page.getByRole('alert')).toHaveText('The password is incorrect.');
  });

  test('account pages send a signed-out visitor to log in, then back', async ({
    page,
    request,
  }) => {
    const { email, password } = await createAccount(request);
    const identityStorage = () =>
      page.evaluate(async () =>
        (await indexedDB.databases()).some(({ name }) => name === 'firebaseLocalStorageDb'),
      );
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
    // Found signed out without the identity service's SDK: nothing was stored for the visitor.
    expect(await identityStorage()).toBe(false);

    await page.goto('/account/change-password');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fchange-password$/);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/account\/change-password$/);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    // The session is kept, and the next page load finds it.
    expect(await identityStorage()).toBe(true);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: `Welcome, ${email}!` })).toBeVisible();
  });

  test('forgot and reset the password with the emailed code', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login form stays on screen while the next page loads: fill the right one.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    const sent =
      'If an account exists for this email address, a link to reset its password is on its way. Check your email.';
    await expect(page.getByRole('status')).toHaveText(sent);
    // An address without an account gets the same answer.
    await page.reload();
    await page.getByLabel('Email').fill(`nobody-${email}`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toHaveText(sent);

    const code = await resetCodeFor(request, email);
    await page.goto(`/reset-password?oobCode=${encodeURIComponent(code)}`);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('New password', { exact: true }).fill('second-secret');
    await page.getByLabel('Confirm new password').fill('something-else');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

    await page.getByLabel('Confirm new password').fill('second-secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login\?success=Password\+reset\+successfully$/);
    await expect(page.getByRole('status')).toHaveText('Password reset successfully');
    await signIn(page, email, 'second-secret');
    await expect(page).toHaveURL(/\/$/);

    // A used code is refused before any form shows.
    await page.goto(`/reset-password?oobCode=${encodeURIComponent(code)}`);
    await expect(page.getByRole('alert')).toContainText('invalid or has already been used');
  });

  test('change the password: a wrong current one is refused, the right one works', async ({
    page,
    request,
  }) => {
    const { email, password } = await createAccount(request);
    await page.goto('/login?redirect=%2Faccount%2Fchange-password');
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/account\/change-password$/);

    const change = page.getByRole('main');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in the current password field');

    await change.getByLabel('Current password').fill('not-my-password');
    await change.getByLabel('New password', { exact: true }).fill('third-secret');
    await change.getByLabel('Confirm new password').fill('third-secret');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The password is incorrect.');

    await change.getByLabel('Current password').fill(password);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Password updated successfully. This will take effect the next time you log in.',
    );
    // Status messages clear after 5 s.
    await expect(page.getByRole('status')).toBeHidden({ timeout: 8_000 });

    await signOut(page);
    await page.goto('/login');
    await signIn(page, email, 'third-secret');
    await expect(page).toHaveURL(/\/$/);
  });

  test('favourite and unfavourite from the song page, play the favourites', async ({
    page,
    request,
  }) => {
    // A long walk (sign-up, two favourites, three ways of playing them) on a shared machine.
    test.slow();
    await stubYouTube(page);
    // Two songs of the demo catalogue's "Sad & Emotional" playlist, as browse.spec.ts finds it.
    await page.goto('/playlist?p=emotional');
    const songLinks = page.getByRole('main').locator('a[href^="/song?s="]');
    await expect(songLinks).toHaveCount(13);
    const [first, second] = await songLinks.evaluateAll((anchors) =>
      anchors
        .slice(0, 2)
        .map((anchor) =>
          new URL(anchor.getAttribute('href')!, 'http://site').searchParams.get('s')!,
        ),
    );

    // Signed out, favouriting asks for an account.
    await page.goto(`/song?s=${first}&p=emotional`);
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await expect(page.getByRole('dialog', { name: 'Login required' })).toBeVisible();

    const { email, password } = await createAccount(request);
    await page.goto(`/login?redirect=${encodeURIComponent(`/song?s=${first}&p=emotional`)}`);
    await signIn(page, email, password);
    await expect(page).toHaveURL(new RegExp(`/song\\?s=${first}&p=emotional$`));
    const favoriteButton = (page: Page, name: string) =>
      page.getByRole('button', { name, exact: true });
    await favoriteButton(page, 'Add to favorites').click();
    await expect(favoriteButton(page, 'Remove from favorites')).toBeVisible();

    await page.goto(`/song?s=${second}&p=emotional`);
    await expect(accountMenu(page)).toBeVisible();
    await favoriteButton(page, 'Add to favorites').click();
    await expect(favoriteButton(page, 'Remove from favorites')).toBeVisible();
    // Read again from the server, the flag stays.
    await page.reload();
    await expect(favoriteButton(page, 'Remove from favorites')).toBeVisible();

    await page.goto('/account');
    const favorites = page.getByRole('list', { name: 'Favorite songs' });
    await expect(favorites.getByRole('link')).toHaveCount(2);

    // The latest favourite plays first, then the one before it.
    await page.getByRole('button', { name: 'Play Favorites' }).click();
    await expect(page).toHaveURL(new RegExp(`/song\\?s=${second}&p=favorite$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page
      .getByRole('toolbar', { name: 'Song actions' })
      .getByRole('button', { name: 'Next song' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/song\\?s=${first}&p=favorite$`));

    // Play all plays the favourites where the listener is, from the latest one.
    await page.goto('/account');
    await page.getByRole('button', { name: 'Play all' }).click();
    const playerBar = page.getByRole('region', { name: 'Player' });
    await expect(playerBar.getByRole('link', { name: 'Open the song page' })).toHaveAttribute(
      'href',
      `/song?s=${second}&p=favorite`,
    );
    await expect(page).toHaveURL(/\/account$/);
    await playerBar.getByRole('link', { name: 'Open the song page' }).click();
    await expect(page).toHaveURL(new RegExp(`/song\\?s=${second}&p=favorite$`));

    await favoriteButton(page, 'Remove from favorites').click();
    await expect(favoriteButton(page, 'Add to favorites')).toBeVisible();
    await page.goto('/account');
    await expect(favorites.getByRole('link')).toHaveCount(1);
  });
});
