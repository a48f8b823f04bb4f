import { expect, test } from '@playwright/test';

const unique = Date.now().toString(36);
const agency = {
  business: `Northwind Creative ${unique}`,
  first: 'Grace',
  last: 'Hopper',
  email: `grace-${unique}@northwind.test`,
  phone: '+1 555 0199',
  slug: `northwind${unique}`,
  password: 'a-strong-password-1',
};

test('a new agency signs up, manages companies, signs out and back in', async ({ page }) => {
  // Sign-up, with the live portal preview and the Brand URL typing rules.
  await page.goto('/hub/signup');
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await expect(page.getByText('Brand URL must be at least 3 characters')).toBeVisible();

  await page.getByLabel('Business Name').fill(agency.business);
  await page.getByLabel('First Name').fill(agency.first);
  await page.getByLabel('Last Name').fill(agency.last);
  await page.getByLabel('Email Address').fill(agency.email);
  await page.getByLabel('Phone Number').fill(agency.phone);
  await page.getByLabel('Brand URL').fill(`North-Wind ${unique}`.replace('North-Wind ', 'North-Wind'));
  await expect(page.getByLabel('Brand URL')).toHaveValue(agency.slug);
  await expect(page.getByText(`/portal/${agency.slug}`)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(agency.password);
  await page.getByLabel('Confirm Password').fill('something else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill(agency.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible();
  await expect(page.getByText('Welcome to Clientflow! Your account has been created successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();

  // The hub, greeting the owner by first name.
  await expect(page).toHaveURL(/\/hub$/);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Good (morning|afternoon|evening), ${agency.first}$`) }),
  ).toBeVisible();
  await expect(page.getByText("Here's what's happening with your business today.")).toBeVisible();

  // Companies: empty state, then create one.
  await page.getByRole('button', { name: 'Clients' }).click();
  await page.getByRole('menuitem', { name: 'Companies' }).click();
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await expect(page.getByText('No companies yet')).toBeVisible();
  await expect(page.getByText('Showing 0 of 0 companies')).toBeVisible();

  await page.getByRole('button', { name: 'Add Company' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add New Company' })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await dialog.getByLabel('Company name').fill('Acme Robotics');
  await dialog.getByLabel('Industry').fill('Manufacturing');
  await dialog.getByLabel('Website').fill('https://acme-robotics.example');
  await dialog.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByText('The company has been successfully created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme Robotics' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Acme Robotics' }).getByText('Prospect', { exact: true }),
  ).toBeVisible();

  // A second company, so search and filters have something to tell apart.
  await page.getByRole('button', { name: 'Add Company' }).first().click();
  await dialog.getByLabel('Company name').fill('Blue Lagoon Spa');
  await dialog.getByLabel('Industry').fill('Wellness');
  await dialog.getByLabel('Status').selectOption('active');
  await dialog.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByRole('heading', { name: 'Blue Lagoon Spa' })).toBeVisible();
  await expect(page.getByText('Showing 2 of 2 companies')).toBeVisible();

  // Edit: the dialog opens with the company's values.
  await page.getByRole('button', { name: 'Edit Acme Robotics' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Company' })).toBeVisible();
  await expect(dialog.getByLabel('Company name')).toHaveValue('Acme Robotics');
  await dialog.getByRole('tab', { name: 'Resources Access' }).click();
  await expect(dialog.getByText('No resources for this company yet.')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Company Details' }).click();
  await dialog.getByLabel('Company name').fill('Acme Robotics Ltd');
  await dialog.getByLabel('Status').selectOption('onboarding');
  await dialog.getByRole('button', { name: 'Update Company' }).click();
  await expect(page.getByText('The company has been successfully updated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme Robotics Ltd' })).toBeVisible();

  // Search by industry, then filter by status and industry.
  await page.getByRole('searchbox', { name: 'Search companies' }).fill('wellness');
  await expect(page.getByText('Showing 1 of 2 companies')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Blue Lagoon Spa' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme Robotics Ltd' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('Showing 2 of 2 companies')).toBeVisible();

  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('onboarding');
  await expect(page.getByText('Showing 1 of 2 companies')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme Robotics Ltd' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('');
  await page.getByRole('combobox', { name: 'Filter by industry' }).selectOption('Wellness');
  await expect(page.getByText('Showing 1 of 2 companies')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Blue Lagoon Spa' })).toBeVisible();

  // The list view shows the same rows with the spec's columns.
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('columnheader', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Blue Lagoon Spa', exact: true })).toBeVisible();

  // Sign out: the hub asks for sign-in again.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/hub\/login$/);
  await page.goto('/hub/companies');
  await expect(page.getByRole('heading', { name: 'Welcome to Clientflow' })).toBeVisible();

  // A wrong password shows the server's message; the right one opens the hub where we were.
  await page.getByLabel('Email').fill(agency.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await page.getByLabel('Password').fill(agency.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await expect(page.getByText('Showing 2 of 2 companies')).toBeVisible();

  await page.goto('/hub/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test("a taken Brand URL shows 'Brand path unavailable, try again.' under the field until the user types", async ({
  page,
  request,
}) => {
  const taken = `taken${unique}`;
  const first = await request.post('/auth/signup', {
    data: {
      first_name: 'Ann',
      last_name: 'Lee',
      name: 'First Agency',
      email: `ann-${unique}@first.test`,
      phone: '1',
      password: 'a-strong-password-2',
      slug: taken,
    },
  });
  expect(first.status()).toBe(201);

  await page.goto('/hub/signup');
  await page.getByLabel('Business Name').fill('Second Agency');
  await page.getByLabel('First Name').fill('Bo');
  await page.getByLabel('Last Name').fill('Chen');
  await page.getByLabel('Email Address').fill(`bo-${unique}@second.test`);
  await page.getByLabel('Phone Number').fill('555 0100');
  await page.getByLabel('Brand URL').fill(taken);
  await page.getByLabel('Password', { exact: true }).fill('another-strong-password-4');
  await page.getByLabel('Confirm Password').fill('another-strong-password-4');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const brandUrl = page.getByLabel('Brand URL');
  await expect(brandUrl).toHaveAccessibleDescription('Brand path unavailable, try again.');
  await expect(brandUrl).toBeFocused();
  await brandUrl.press('End');
  await brandUrl.pressSequentially('x');
  await expect(page.getByText('Brand path unavailable, try again.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible();
});

test('marketing pages and unknown hub paths', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Complete Client Management System for Service Agencies',
  );
  await page.getByRole('link', { name: 'View Features' }).first().click();
  await expect(page).toHaveURL(/\/features$/);
  await page.goto('/pricing');
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('$79')).toBeVisible();

  await page.goto('/hub/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('a session that ends elsewhere brings the sign-in screen back on the next action', async ({ page, baseURL }) => {
  const n = Date.now().toString(36);
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Sid',
      last_name: 'Ended',
      name: 'Ended Agency',
      email: `sid-${n}@ended.test`,
      phone: '1',
      password: 'a-strong-password-2',
      slug: `ended${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/hub/companies');
  await expect(page.getByText('Showing 0 of 0 companies')).toBeVisible();

  // Signed out from another tab: the server deletes the session.
  const logout = await page.request.post('/auth/v1/logout', { headers: { origin: baseURL! } });
  expect(logout.status()).toBe(200);

  await page.getByRole('searchbox', { name: 'Search companies' }).fill('anything');
  await expect(page.getByRole('heading', { name: 'Welcome to Clientflow' })).toBeVisible();
});
