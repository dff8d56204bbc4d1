import sharp from 'sharp'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { accountButton, logIn, signInAsAdmin, signUp, signUpAndVerify } from './support/accounts.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { setUpTwoStep } from './support/two-step.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'she signs up, signs in and looks after her account on her phone')

const auth = texts('hu', 'auth')
const accountTexts = texts('hu', 'account')
const common = texts('hu', 'common')
const errors = texts('hu', 'errors')
const landing = texts('hu', 'landing')
const events = texts('hu', 'events')

test('sign up, confirm by e-mail, land on /welcome signed in, log out', async ({
  page,
  checkA11y,
}, testInfo) => {
  const email = uniqueEmail('signup')
  await signUp(page, email)
  await expect(page.getByText(auth.signup.checkInbox.replace('{{email}}', email))).toBeVisible()
  await saveScreenshot(page, testInfo, 'signup-check-inbox')

  const mail = await waitForMail(email)
  expect(mail.subject).toBe('Erősítsd meg az e-mail-címedet – Lendület')
  // Greeted by her given name, not "Szia Nagy Eszter!".
  expect(mail.text).toContain('Szia, Eszter!')
  await page.goto(linkIn(mail, '/api/auth/verify-email'))

  await expect(page).toHaveURL(/\/welcome$/)
  await expect(page.getByRole('heading', { name: landing.welcome.title })).toBeVisible()
  const menuButton = accountButton(page, 'Eszter')
  await expect(menuButton).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'welcome')

  // "Go to the dashboard" leads to her home, with her own panel on it, not to the landing page.
  await page.getByRole('link', { name: landing.welcome.dashboard }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    events.home.hello.replace('{{name}}', 'Eszter'),
  )
  await expect(page.getByRole('heading', { name: events.home.nextEvening })).toBeVisible()

  await menuButton.click()
  const menu = page.getByRole('menu')
  await expect(menu).toContainText(common.accountMenu.signedInAs)
  await expect(menu).toContainText(email)
  await saveScreenshot(page, testInfo, 'account-menu-open')
  await menu.getByRole('menuitem', { name: common.accountMenu.logout }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: common.accountMenu.login })).toBeVisible()
})

test('the welcome page leads a host to her dashboard on /admin', async ({ page, baseURL }) => {
  await signInAsAdmin(page, baseURL)
  await page.goto('/welcome')
  // Once the page knows who she is (her account menu shows), as it does before she can click.
  await expect(
    page.getByRole('button', { name: common.accountMenu.open.replace('{{name}}', '') }),
  ).toBeVisible()
  await page.getByRole('link', { name: landing.welcome.dashboard }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(landing.hero.title)
})

test('the sign-up form explains what is missing', async ({ page }) => {
  await page.goto('/signup')
  await page.getByLabel(auth.fields.email).fill('not-an-address')
  await page.getByLabel(auth.fields.password, { exact: true }).fill('12345')
  await page.getByLabel(auth.fields.confirmPassword).fill('54321')
  await page.getByRole('button', { name: auth.signup.submit }).click()
  await expect(page.getByText(auth.validation.givenNameRequired)).toBeVisible()
  await expect(page.getByText(auth.validation.invalidEmail)).toBeVisible()
  await expect(page.getByText(auth.changePassword.passwordTooShort)).toBeVisible()
  await expect(page.getByLabel(auth.fields.email)).toHaveAttribute('aria-invalid', 'true')
})

test('log in: required fields, wrong password, unverified address, then success', async ({
  page,
  checkA11y,
}, testInfo) => {
  await page.goto('/login')
  await expect(page.getByRole('link', { name: auth.login.forgotPassword })).toHaveAttribute(
    'href',
    '/forgot-password',
  )
  await expect(page.getByRole('link', { name: new RegExp(auth.login.backToHome) })).toHaveAttribute(
    'href',
    '/',
  )
  // Google sign-in is not set up on this site: it is not offered, and nothing speaks of it.
  await expect(page.getByRole('button', { name: auth.login.google })).toHaveCount(0)
  await expect(page.getByText(auth.login.intro, { exact: true })).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'login')
  await page.getByRole('main').getByRole('button', { name: auth.login.submit, exact: true }).click()
  await expect(page.getByText(auth.validation.required)).toHaveCount(2)

  const unverified = uniqueEmail('unverified')
  await signUp(page, unverified)
  await logIn(page, unverified, 'titok123')
  await expect(page.getByText(auth.login.notVerified)).toBeVisible()
  await page.getByRole('button', { name: auth.login.resend }).click()
  await expect(page.getByText(auth.login.resent)).toBeVisible()

  const email = uniqueEmail('login')
  await signUpAndVerify(page, email)
  await page.context().clearCookies()
  await logIn(page, email, 'rossz-jelszo')
  await expect(page.getByRole('alert')).toHaveText(errors.auth.INVALID_EMAIL_OR_PASSWORD)
  await page.getByLabel(auth.fields.password).fill('titok123')
  await page.getByRole('main').getByRole('button', { name: auth.login.submit, exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(accountButton(page, 'Eszter')).toBeVisible()
})

test('forgot password: the e-mailed link leads to a new password, then home after 3 s', async ({
  page,
}) => {
  const email = uniqueEmail('forgot')
  await signUpAndVerify(page, email)
  await page.context().clearCookies()

  await page.goto('/login')
  await page.getByRole('link', { name: auth.login.forgotPassword }).click()
  await page.getByLabel(auth.fields.email).fill(email)
  await page.getByRole('button', { name: auth.forgot.submit }).click()
  await expect(page.getByText(auth.forgot.sent.replace('{{email}}', email))).toBeVisible()

  const mail = await waitForMail(email, { count: 2 })
  expect(mail.subject).toBe('Új jelszó beállítása – Lendület')
  await page.goto(linkIn(mail, '/api/auth/reset-password/'))
  await expect(page).toHaveURL(/\/change-password\?token=/)
  await expect(page.getByLabel(auth.fields.currentPassword)).toHaveCount(0)

  await page.getByLabel(auth.fields.newPassword).fill('uj-titok-1')
  await page.getByLabel(auth.fields.confirmPassword).fill('uj-titok-2')
  await page.getByRole('button', { name: auth.changePassword.submit }).click()
  await expect(page.getByText(auth.changePassword.passwordsDoNotMatch)).toBeVisible()

  await page.getByLabel(auth.fields.confirmPassword).fill('uj-titok-1')
  await page.getByRole('button', { name: auth.changePassword.submit }).click()
  await expect(page.getByText(auth.changePassword.success)).toBeVisible()
  await expect(page).toHaveURL(/\/home$/, { timeout: 6_000 })

  await logIn(page, email, 'uj-titok-1')
  await expect(page).toHaveURL(/\/home$/)
})

test('a signed-in member changes her password from the account page', async ({ page }) => {
  const email = uniqueEmail('change')
  await signUpAndVerify(page, email)
  await page.goto('/account')
  await expect(page.getByTestId('member-code')).toHaveText(/^[2-9A-Z]{6}$/)
  await page.getByRole('link', { name: accountTexts.account.changePassword }).click()
  await page.getByLabel(auth.fields.currentPassword).fill('nem-ez')
  await page.getByLabel(auth.fields.newPassword).fill('masik-titok')
  await page.getByLabel(auth.fields.confirmPassword).fill('masik-titok')
  await page.getByRole('button', { name: auth.changePassword.submit }).click()
  await expect(page.getByRole('alert')).toHaveText(errors.auth.INVALID_PASSWORD)
  await page.getByLabel(auth.fields.currentPassword).fill('titok123')
  await page.getByRole('button', { name: auth.changePassword.submit }).click()
  await expect(page.getByText(auth.changePassword.success)).toBeVisible()
})

test('a broken confirmation link shows the error and a way back to login', async ({ page }) => {
  await page.goto(
    '/api/auth/verify-email?token=nonsense&callbackURL=%2Fauth%2Fcallback%3Ftype%3Dsignup',
  )
  await expect(page.getByRole('alert')).toBeVisible()
  await expect(page.getByRole('link', { name: auth.callback.backToLogin })).toHaveAttribute(
    'href',
    '/login',
  )
})

test('the route guard: signed out to /, a member away from /admin', async ({ page }) => {
  // To / with the page she wanted, to come back to after signing in (e2e/return-path.spec.ts).
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/\?next=%2Fadmin$/)
  await page.goto('/account')
  await expect(page).toHaveURL(/\/\?next=%2Faccount$/)

  await signUpAndVerify(page, uniqueEmail('guard'))
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/home$/)
})

test('delete the account: warning, proceed, both fields, wrong credentials, then gone', async ({
  page,
  checkA11y,
}, testInfo) => {
  const email = uniqueEmail('delete')
  await signUpAndVerify(page, email)
  await page.goto('/account')
  await page.getByRole('link', { name: accountTexts.account.deleteAccount }).click()
  await expect(page.getByText(accountTexts.deleteAccount.warningTitle)).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'delete-account-warning')
  await page.getByRole('button', { name: accountTexts.deleteAccount.understand }).click()

  const confirm = page.getByRole('button', { name: accountTexts.deleteAccount.confirm })
  await confirm.click()
  await expect(page.getByRole('alert')).toHaveText(accountTexts.deleteAccount.provideBothFields)
  await page.getByLabel(auth.fields.email).fill(email)
  await page.getByLabel(auth.fields.password).fill('rossz-jelszo')
  await confirm.click()
  await expect(page.getByRole('alert')).toHaveText(accountTexts.deleteAccount.incorrectCredentials)

  await page.getByLabel(auth.fields.password).fill('titok123')
  await confirm.click()
  await expect(page.getByText(accountTexts.deleteAccount.success)).toBeVisible()
  await expect(page).toHaveURL(/\/$/, { timeout: 6_000 })
  await expect(page.getByRole('button', { name: common.accountMenu.login })).toBeVisible()

  await logIn(page, email, 'titok123')
  await expect(page.getByRole('alert')).toHaveText(errors.auth.INVALID_EMAIL_OR_PASSWORD)
})

test('a member uploads a profile picture, sees it in the header, and removes it', async ({
  page,
}, testInfo) => {
  await signUpAndVerify(page, uniqueEmail('avatar'))
  await page.goto('/account')
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#4F6B55' },
  })
    .png()
    .toBuffer()
  await page
    .getByLabel(accountTexts.account.changePicture)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture })
  await expect(page.getByText(accountTexts.account.pictureSaved)).toBeVisible()
  const avatar = page.getByRole('img', { name: accountTexts.account.picture })
  await expect(avatar).toHaveAttribute('src', /^\/api\/media\//)
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256)
  await expect(page.getByRole('banner').locator('img[src^="/api/media/"]')).toBeVisible()
  await saveScreenshot(page, testInfo, 'account-with-picture')

  await page
    .getByLabel(accountTexts.account.changePicture)
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') })
  await expect(page.getByRole('alert')).toHaveText(errors.invalidImage)

  await page.getByRole('button', { name: accountTexts.account.removePicture }).click()
  await expect(page.getByText(accountTexts.account.pictureRemoved)).toBeVisible()
  await expect(avatar).toHaveCount(0)
})

test('the first-admin link is dead once the site has an admin', async ({ page }) => {
  // The main test site has its admin from ADMIN_EMAILS: its printed link must not make another.
  await signUpAndVerify(page, uniqueEmail('late-admin'))
  await page.goto('/admin-setup?token=e2e-admin-setup-token-0123456789')
  await page.getByRole('button', { name: auth.adminSetup.confirm }).click()
  await expect(page.getByRole('alert')).toHaveText(auth.adminSetup.invalid)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/home$/)
})

test.describe('on a site without an admin yet', () => {
  // The Google test site has no ADMIN_EMAILS: its setup link is live until someone uses it.
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT ?? 4174}` })

  test('the first admin: the one-time link makes her admin, and /admin opens for her only once she has two-step sign-in', async ({
    page,
    checkA11y,
  }) => {
    // The site has one setup token, spent once a run: this file runs at one width.
    const admin = texts('hu', 'auth').admin
    await signUpAndVerify(page, uniqueEmail('admin'))
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/home$/)

    await page.goto('/admin-setup?token=e2e-admin-setup-token-0123456789')
    await page.getByRole('button', { name: auth.adminSetup.confirm }).click()
    await expect(page).toHaveURL(/\/admin$/)
    // The admin area opens once her account has two-step sign-in: she sets it up first.
    await expect(page.getByRole('heading', { name: auth.adminGate.title, level: 1 })).toBeVisible()
    await setUpTwoStep(page, checkA11y)
    await expect(page.getByRole('heading', { name: admin.title, level: 1 })).toBeVisible()
    for (const section of ['users', 'events', 'newsletter', 'settings'] as const) {
      await expect(page.getByRole('navigation', { name: admin.title })).toContainText(
        admin[section],
      )
    }

    await page
      .getByRole('button', { name: common.accountMenu.open.replace('{{name}}', 'Eszter') })
      .click()
    await expect(page.getByRole('menuitem', { name: common.accountMenu.admin })).toBeVisible()
    await page.keyboard.press('Escape')

    // Spent: a second use changes nothing.
    await page.goto('/admin-setup?token=e2e-admin-setup-token-0123456789')
    await page.getByRole('button', { name: auth.adminSetup.confirm }).click()
    await expect(page.getByRole('alert')).toHaveText(auth.adminSetup.invalid)
  })
})
