import { AUTH_EMULATOR_HOST, runOperatorCommand } from '@fansite/playwright-config';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { verifyEmailInEmulator } from './support/subscriber.ts';

const emulator = `http://${AUTH_EMULATOR_HOST}`;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function createAccount(request: APIRequestContext) {
  const email = `sub-${unique()}@example.com`;
  const password = 'subscriber-secret';
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  return { email, password };
}

/** What an operator types: `pnpm --filter @fansite/api subscriber grant EMAIL`. */
function grantSubscriber(email: string) {
  // It reaches the running server through its operator channel.
  const output = runOperatorCommand('web', 'subscriber', ['grant', email]);
  expect(output).toContain(`${email} is now a subscriber.`);
}

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  // Filled at once: the form keeps what was filled while the app takes the page over.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Account' });

test('a granted email waits for verification: the account verifies it from the emailed link', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  grantSubscriber(account.email);
  await signIn(page, account);
  await page.goto('/account');
  const patreon = page.getByRole('region', { name: 'Patreon membership' });
  await expect(
    patreon.getByText('Verify your email to receive your Patreon membership.'),
  ).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'My Website' })).toHaveCount(0);

  await patreon.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(
    page.getByText(`A verification email is on its way to ${account.email}.`),
  ).toBeVisible();
  // The emulator keeps the emails it would have sent; the link's code is what the page applies.
  const sent = await request.get(`${emulator}/emulator/v1/projects/demo-fansite/oobCodes`);
  const { oobCodes } = (await sent.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const code = oobCodes.findLast(
    (entry) => entry.email === account.email && entry.requestType === 'VERIFY_EMAIL',
  )!.oobCode;
  await page.goto(`/verify-email?oobCode=${encodeURIComponent(code)}`);
  await expect(page.getByText('Your email address is verified.', { exact: false })).toBeVisible();

  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(sidebar(page).getByRole('link', { name: 'My Website' })).toBeVisible();
  await expect(patreon.getByText('Verify your email', { exact: false })).toHaveCount(0);
});

test('a non-subscriber sees the locked notice and no subscriber entries', async ({
  page,
  request,
}) => {
  await signIn(page, await createAccount(request));
  await page.goto('/account/website');
  await expect(page.getByRole('heading', { name: 'Content locked' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a subscriber' })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await page.goto('/account/promotion');
  await expect(page.getByRole('heading', { name: 'Content locked' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'My Website' })).toHaveCount(0);
});

test('a subscriber activates and edits a site, saves a promotion and links Discord', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await verifyEmailInEmulator(request, emulator, account);
  grantSubscriber(account.email);
  await signIn(page, account);
  await page.goto('/account');
  await sidebar(page).getByRole('link', { name: 'My Website' }).click();
  await expect(page).toHaveURL(/\/account\/website$/);

  // Not activated yet: the activation form.
  const name = `e2e-${unique()}`;
  const activation = page.getByRole('form', { name: 'Activate your website' });
  await activation.getByLabel('Domain name').fill('www');
  await activation.getByRole('button', { name: 'Activate' }).click();
  await expect(
    activation.getByText('This domain name is reserved. Please choose another.'),
  ).toBeVisible();
  await activation.getByLabel('Domain name').fill(name);
  await activation.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Your site has been activated!')).toBeVisible();

  const editor = page.getByRole('form', { name: 'Edit your website' });
  await expect(
    editor.getByRole('link', { name: new RegExp(`^${name}\\.localhost`) }),
  ).toBeVisible();
  await editor.getByLabel('Name', { exact: true }).fill('My Nightcore Corner');
  await editor.getByLabel('Subtitle').fill('Fresh every day');
  await editor.getByLabel('YouTube link', { exact: true }).fill('https://youtube.com/@corner');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your website has been updated!')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Edit your website' }).getByLabel('Name', { exact: true }),
  ).toHaveValue('My Nightcore Corner');

  // Channel promotion: saved, then its dates.
  await sidebar(page).getByRole('link', { name: 'Channel Promotion' }).click();
  await expect(page.getByText('You have no promotions scheduled (yet).')).toBeVisible();
  const promotion = page.getByRole('form', { name: 'Channel promotion' });
  await promotion.getByLabel('YouTube channel link').fill('javascript:alert(1)');
  await promotion.getByLabel('YouTube share link').fill('https://youtu.be/W_S7iKZZdHw');
  await promotion.getByRole('button', { name: 'Save' }).click();
  await expect(promotion.getByText('Enter a full link, starting with https://.')).toBeVisible();
  await promotion.getByLabel('YouTube channel link').fill('https://youtu.be/W_S7iKZZdHw');
  await promotion.getByRole('button', { name: 'Save' }).click();
  await expect(
    promotion.getByText(
      "Paste your channel's link, such as https://www.youtube.com/@yourname: this link is to a video.",
    ),
  ).toBeVisible();
  await promotion.getByLabel('YouTube channel link').fill('https://youtube.com/@corner');
  await promotion.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your channel promotion has been saved!')).toBeVisible();
  const dates = page.getByRole('list', { name: 'Your scheduled promotions' });
  await expect(dates.getByRole('listitem').first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

  // Discord, through the fake provider: linked, back on this page, then disconnected.
  const discord = page.getByRole('region', { name: 'Discord account' });
  await expect(discord.getByText('Not connected')).toBeVisible();
  const returnFromDiscord = page.waitForRequest((request) =>
    request.url().includes('/api/v1/account/link_discord'),
  );
  await discord.getByRole('button', { name: 'Link Discord' }).click();
  await expect(page).toHaveURL(/\/account\/promotion$/);
  await expect(page.getByText('Your Discord account Nelly is now linked.')).toBeVisible();
  await expect(discord.getByText('Connected as Nelly')).toBeVisible();
  // Discord's return address again (a reload, the back button): the account page with a message.
  await page.goto((await returnFromDiscord).url());
  await expect(page).toHaveURL(/\/account(\?|$)/);
  await expect(
    page.getByText('This Discord link has expired or was already used.', { exact: false }),
  ).toBeVisible();
  await expect(discord.getByText('Connected as Nelly')).toBeVisible();
  await discord.getByRole('button', { name: 'Disconnect' }).click();
  await expect(discord.getByText('Not connected')).toBeVisible();
});
