/**
 * File versions (issue 31), with the client in a second browser: staff upload a new version from the file's detail,
 * share the older one with the client, then drop a file on the file's row of the Files list (the row shows the drop
 * target, a dialog names the file and the new version's number); the client sees the current version's number and
 * downloads the older one staff shared. SHOTS_DIR set: screenshots at 1440 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';

const shots = process.env.SHOTS_DIR;
const widths = [1440, 390];
const sizeFor = (width: number) => ({ width, height: width === 390 ? 844 : 900 });

async function shoot(page: Page, name: string, fullPage = false) {
  if (!shots) return;
  for (const width of widths) {
    await page.setViewportSize(sizeFor(width));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: fullPage && width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Drags a file from "the computer" over the row or card that names `fileName` (a real DataTransfer with a File). */
async function dragFileOver(page: Page, fileName: string, type: 'dragover' | 'drop' | 'dragleave') {
  await page.evaluate(
    ({ fileName, type }) => {
      const target = [...document.querySelectorAll('tr, li')].find(
        (el) => el.querySelector('[data-version-drop]') && el.textContent?.includes(fileName),
      );
      if (!target) throw new Error(`no row for ${fileName}`);
      const transfer = new DataTransfer();
      transfer.items.add(new File(['logo, round three'], 'logo-round-3.txt', { type: 'text/plain' }));
      const cell = target.querySelector('[data-version-drop]')?.parentElement ?? target;
      cell.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    },
    { fileName, type },
  );
}

test('staff add versions (detail and drop), share an older one; the client sees the version and downloads it', async ({
  page,
  browser,
}) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `ver${n}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Vera',
      last_name: 'Lind',
      name: 'Lind Design',
      email: `vera-${n}@lind.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const company = (await post('/api/companies', { name: 'Fjord Coffee', status: 'active' })).id as number;
  const client = { email: `ola-${n}@fjord.test`, password: 'Copper-kettle-morning-42' };
  await post('/api/contacts', {
    firstName: 'Ola',
    lastName: 'Fjord',
    email: client.email,
    companyId: company,
    portalAccess: true,
    portalPassword: client.password,
  });
  const upload = await page.request.post('/api/documents/upload', {
    headers,
    multipart: {
      name: 'Fjord logo',
      companyId: String(company),
      visibleInPortal: 'true',
      file: { name: 'logo-round-1.txt', mimeType: 'text/plain', buffer: Buffer.from('logo, round one') },
    },
  });
  expect(upload.status()).toBe(201);
  const fileId = (await upload.json()).id as number;

  // The file's detail: its versions; upload version 2, then share version 1 with the client.
  await page.goto(`/hub/documents?file=${fileId}`);
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: /Versions/ })).toBeVisible();
  await detail.locator('input[type="file"]').setInputFiles({
    name: 'logo-round-2.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('logo, round two'),
  });
  await expect(page.getByText('Version 2 uploaded.')).toBeVisible();
  await expect(detail.locator('[data-version="2"]').getByText('Current')).toBeVisible();
  await detail.getByRole('switch', { name: 'Shared with the client: Version 1' }).click();
  await expect(page.getByText('Version 1 is shared with the client.')).toBeVisible();
  await expect(detail.getByRole('switch', { name: 'Shared with the client: Version 1' })).toBeChecked();
  await shoot(page, 'hub-file-detail-versions', true);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Drop a file on the file's row: the row shows the drop target, a dialog names the file and version 3.
  await page.goto('/hub/documents');
  await expect(page.getByText('Fjord logo').first()).toBeVisible();
  for (const width of widths) {
    await page.setViewportSize(sizeFor(width));
    await expect(page.getByText('Fjord logo').first()).toBeVisible();
    await dragFileOver(page, 'Fjord logo', 'dragover');
    await expect(page.getByText('Drop to add a new version of “Fjord logo”').first()).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/hub-files-drop-target-${width}.png` });
    await dragFileOver(page, 'Fjord logo', 'dragleave');
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await dragFileOver(page, 'Fjord logo', 'dragover');
  await dragFileOver(page, 'Fjord logo', 'drop');
  const confirm = page.getByRole('dialog', { name: 'Add a new version?' });
  await expect(confirm.getByText('“Fjord logo” becomes version 3.')).toBeVisible();
  await expect(confirm.getByText('New file: logo-round-3.txt')).toBeVisible();
  await shoot(page, 'hub-files-drop-confirm');
  await confirm.getByRole('button', { name: 'Upload version 3' }).click();
  await expect(page.getByText('Version 3 uploaded.')).toBeVisible();
  await expect(confirm).toBeHidden();

  // The client, in their own browser: the file at version 3, and version 1 which staff shared (not version 2).
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal.getByRole('heading', { name: 'Welcome, Ola' })).toBeVisible();
  await portal.goto(`/portal/${slug}/files`);
  const row = portal.getByRole('listitem').filter({ hasText: 'Fjord logo' });
  await expect(row.getByText(/Version 3/)).toBeVisible();
  await row.getByRole('button', { name: /Earlier versions shared with you \(1\)/ }).click();
  await expect(row.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(row.getByText('Version 2', { exact: true })).toHaveCount(0);
  const download = await portal.request.get(`/api/documents/${fileId}/versions/1/download`);
  expect([download.status(), await download.text()]).toEqual([200, 'logo, round one']);
  expect((await portal.request.get(`/api/documents/${fileId}/versions/2/download`)).status()).toBe(404);
  await shoot(portal, 'portal-file-versions', true);
  await clientContext.close();
});
