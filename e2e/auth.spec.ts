import { expect, test } from '@playwright/test';
import { PASSWORD, apiLogin, createVerifiedUser, uniqueEmail } from './support/api';
import { linkIn, mailsTo, nextMail, pathOf } from './support/mail';

test('sign up, verify the email, log in and log out', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/sign-up');
  await expect(page).toHaveTitle('Sign Up | Studio Portal');
  await expect(
    page.getByText(
      'Passwords must be at least 8 characters, with at least one number and one letter.',
    ),
  ).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign Up', exact: true }).last();
  await expect(submit).toBeDisabled();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Almost there!' })).toBeVisible();
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();

  await page.goto(pathOf(linkIn(await nextMail(email), 'verify-email')));
  await expect(page.getByText('Your email address has been verified.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to login' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();

  await expect(page).toHaveURL(/\/estimates$/);
  await expect(page.getByRole('heading', { name: 'Estimates' })).toBeVisible();
  // No names yet, so the top bar shows the email.
  const userMenu = page.getByRole('button', { name: email });
  await expect(userMenu).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up errors land on their fields and clear the passwords', async ({ page, request }) => {
  const { email } = await createVerifiedUser(request, 'taken');
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).last().click();
  await expect(page.getByRole('alert').filter({ hasText: 'already exists' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Confirm password')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('a failed login shows the error and clears the password', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login | Studio Portal');
  const submit = page.getByRole('button', { name: 'Login', exact: true }).last();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill('nobody@e2e.test');
  await page.getByLabel('Password').fill('wrong-password-1');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Unable to log in with provided credentials.')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(submit).toBeDisabled();
  // No Google sign-in is configured on this server.
  await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
});

test('an unverified login opens the dialog, and resending sends a new email', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('unverified');
  const signUp = await request.post('/api/users/', {
    data: { email, password1: PASSWORD, password2: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  await nextMail(email);
  const before = (await mailsTo(email)).length;

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();

  const dialog = page.getByRole('dialog', { name: 'Email Verification Required' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByText(/verification email has been sent/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await nextMail(email, before);
  expect(linkIn(mail, 'verify-email')).toContain('/verify-email/');
});

test('a used or broken verification link says so', async ({ page }) => {
  await page.goto('/verify-email/MQ/not-a-real-token');
  await expect(page).toHaveTitle('Verify Email | Studio Portal');
  await expect(page.getByText('The verification link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login' })).toBeVisible();
});

test('password reset, from the request to logging in with the new password', async ({
  page,
  request,
}) => {
  const { email } = await createVerifiedUser(request, 'reset');
  const before = (await mailsTo(email)).length;
  const newPassword = 'brand-new-pass-2';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please check your email for a password reset link.')).toBeVisible();

  await page.goto(pathOf(linkIn(await nextMail(email, before), 'password-reset')));
  await expect(
    page.getByText(
      'Passwords must be at least 8 characters, with at least one number and one letter.',
    ),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password has been reset with the new password.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();
  await expect(page).toHaveURL(/\/estimates$/);

  // The old password no longer works.
  const old = await request.post('/api/token-auth/', {
    data: { username: email, password: PASSWORD },
  });
  expect(old.status()).toBe(400);
  await apiLogin(request, email, newPassword);
});
