/**
 * Flows as staff build them (spec §2.8, §2.9): create a collect flow from the empty list, add steps and form fields
 * and see them all after a reload; rename and reorder steps (buttons, keyboard and mouse) and see that saved too;
 * write onboard markdown and see it rendered (and stored HTML stay inert); duplicate a flow with its steps; publish
 * a draft from the editor and from the list (issue 27: flows start as drafts); scan the editor with axe and scroll
 * its capped preview from the keyboard; hold welcome text and a form in one step (issue 29). Each test signs up its
 * own agency through the API.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

type Agency = { headers: Record<string, string>; companyId: number };

/** A new agency (the page is signed in through its cookies) with one client company. */
async function newAgency(page: Page): Promise<Agency> {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Flo',
      last_name: 'Reyes',
      name: 'Reyes Studio',
      email: `flo-${n}@reyes.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `flows${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const company = await page.request.post('/api/companies', {
    data: { name: 'Juniper Cafe', status: 'active' },
    headers,
  });
  expect(company.status()).toBe(201);
  return { headers, companyId: (await company.json()).id };
}

/** A flow made through the API, with steps titled as given (each created last). */
async function newFlow(
  page: Page,
  agency: Agency,
  data: { name: string; workflowType: string },
  titles: string[] = [],
) {
  const res = await page.request.post('/api/flows', {
    data: { description: 'Made for the browser test', ...data },
    headers: agency.headers,
  });
  expect(res.status()).toBe(201);
  const flow = (await res.json()) as { id: number; flowUid: string };
  for (const title of titles) {
    const step = await page.request.post('/flow_step/v1', {
      data: { flow_id: flow.id, step_title: title },
      headers: agency.headers,
    });
    expect(step.status()).toBe(201);
  }
  return flow;
}

/** The stored steps of a flow, in order, each with its field labels. */
async function storedSteps(page: Page, agency: Agency, flowUid: string) {
  const res = await page.request.get(`/flows/v1?flow_uid=${flowUid}`, { headers: agency.headers });
  const flow = (await res.json()) as {
    steps_of_flow: { step_title: string; content: string; fields_of_flow_step: { field_label: string }[] }[];
  };
  return flow.steps_of_flow.map((s) => ({
    title: s.step_title,
    content: s.content,
    fields: s.fields_of_flow_step.map((f) => f.field_label),
  }));
}

const stepTitles = (page: Page) =>
  page.getByLabel(/^Title of step \d+$/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const stepCard = (page: Page, n: number) => page.locator('[data-step-card]').nth(n - 1);
const saveState = (page: Page) => page.locator('[data-save-state]');

async function expectAccessible(page: Page) {
  // A dialog fading in is measured at its final colours, not mid-fade (axe once read a choice's hint at part opacity).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // The toasts are the toast library's own (checked where they are the subject, not on every screen).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Adds a form field to a step through the Add Form Field dialog. */
async function addField(
  page: Page,
  card: Locator,
  field: { label: string; type?: string; required?: boolean; help?: string; choices?: string[] },
) {
  await card.getByRole('button', { name: 'Add Field' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Form Field' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Field' })).toBeDisabled();
  await dialog.getByLabel('Label').fill(field.label);
  if (field.type) await dialog.getByLabel('Type').selectOption(field.type);
  for (const [i, choice] of (field.choices ?? []).entries()) {
    if (i > 0) await dialog.getByRole('button', { name: 'Add choice' }).click();
    await dialog.getByLabel(`Choice ${i + 1}`, { exact: true }).fill(choice);
  }
  if (field.required) await dialog.getByRole('checkbox', { name: /Required/ }).check();
  if (field.help) await dialog.getByLabel('Help text').fill(field.help);
  await dialog.getByRole('button', { name: 'Create Field' }).click();
  await expect(page.getByText('Field created successfully').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** A select needs at least one choice; the dialog starts blank again each time; a blank label is refused. */
async function expectFieldDialogRules(page: Page, card: Locator) {
  const dialog = page.getByRole('dialog');
  await card.getByRole('button', { name: 'Add Field' }).click();
  await dialog.getByLabel('Label').fill('Size');
  await dialog.getByLabel('Type').selectOption('select');
  await dialog.getByRole('button', { name: 'Create Field' }).click();
  await expect(dialog.getByText('Add at least one choice for a select field.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: 'Add Field' }).click();
  await expect(dialog.getByLabel('Label')).toHaveValue('');
  await dialog.getByLabel('Label').fill(' ');
  await dialog.getByLabel('Label').blur();
  await expect(dialog.getByText('Please fill in the field label')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Field' })).toBeDisabled();
  await page.keyboard.press('Escape');
}

test('creates a collect flow with steps and fields, and finds everything again after a reload', async ({ page }) => {
  // A long walk through the editor (three dialogs, two reloads, four accessibility scans).
  test.setTimeout(150_000);
  const agency = await newAgency(page);
  await page.goto('/hub/flows');
  await expect(page.getByRole('heading', { name: 'No flows yet' })).toBeVisible();
  await expectAccessible(page);

  // The dialog: name and description are required; whitespace counts as empty.
  await page.getByRole('button', { name: 'Create Flow' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Flow' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Flow name').fill('Client intake');
  await dialog.getByLabel('Description').fill('   ');
  await dialog.getByRole('button', { name: 'Create Flow' }).click();
  await expect(dialog.getByText('Please fill in all required fields')).toBeVisible();
  await dialog.getByLabel('Description').fill('Everything we need before the kick-off');
  await dialog.getByText('Collect', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: /Collect/ })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Company' }).fill('Juniper');
  await page.getByRole('option', { name: /Juniper Cafe/ }).click();
  await dialog.getByRole('button', { name: 'Create Flow' }).click();
  await expect(page.getByText('Flow created successfully')).toBeVisible();

  // The editor of the new flow.
  await expect(page).toHaveURL(/\/hub\/flows\/[^/]+$/);
  const flowUid = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByRole('heading', { level: 1, name: 'Client intake' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Juniper Cafe');
  await expect(page.getByRole('main').getByText('Collect', { exact: true })).toBeVisible();
  // A new flow is a draft (issue 27).
  await expect(page.getByRole('main').getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByText('Draft: clients do not see this flow. Publish it when it is ready.')).toBeVisible();
  const preview = page.getByRole('complementary', { name: 'Preview of Client intake' });
  await expect(preview).toContainText('No steps added yet. Add some steps to see the preview.');

  // Two steps, numbered by the server; the new step's title has the focus.
  await page.getByRole('button', { name: 'Add Form Step' }).click();
  await expect(page.getByText('Step created successfully')).toBeVisible();
  await expect(page.getByLabel('Title of step 1')).toBeFocused();
  await expect(page.getByLabel('Title of step 1')).toHaveValue('Step 1');
  await page.getByRole('button', { name: 'Add Form Step' }).click();
  await expect(page.getByLabel('Title of step 2')).toHaveValue('Step 2');

  // Three fields of different types, one a select with its choices.
  await addField(page, stepCard(page, 1), { label: 'Full name', required: true, help: 'As on your passport' });
  await addField(page, stepCard(page, 1), { label: 'Plan', type: 'select', choices: ['Basic', 'Pro'] });
  await addField(page, stepCard(page, 2), { label: 'Start date', type: 'date' });
  await expect(preview.getByLabel('Full name')).toBeDisabled();
  await expect(preview.getByText('As on your passport')).toBeVisible();
  await expectAccessible(page);

  await expectFieldDialogRules(page, stepCard(page, 2));

  expect(await storedSteps(page, agency, flowUid)).toEqual([
    { title: 'Step 1', content: '', fields: ['Full name', 'Plan'] },
    { title: 'Step 2', content: '', fields: ['Start date'] },
  ]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Client intake' })).toBeVisible();
  await expect.poll(() => stepTitles(page)).toEqual(['Step 1', 'Step 2']);
  await expect(stepCard(page, 1).getByRole('listitem')).toHaveText([/Full name.*Text/, /Plan.*Select/]);
  await expect(stepCard(page, 1)).toContainText('Basic · Pro');
  await expect(stepCard(page, 2).getByRole('listitem')).toHaveText([/Start date.*Date/]);
  await expect(preview.getByRole('heading', { level: 3 })).toHaveText(['1. Step 1', '2. Step 2']);
  await expect(preview.getByLabel('Plan')).toContainText('Pro');
  await expect(preview.getByLabel('Start date')).toHaveAttribute('type', 'date');

  // Publish: the dialog says who will be asked (nobody at Juniper Cafe has portal access yet).
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publishDialog = page.getByRole('dialog', { name: 'Publish Client intake?' });
  await expect(publishDialog).toContainText('Nobody at Juniper Cafe has portal access yet');
  await expectAccessible(page);
  await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Flow published')).toBeVisible();
  await expect(page.getByRole('main').getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  // Edit a field (it refreshes the step), then delete one after confirming.
  await stepCard(page, 1).getByRole('button', { name: 'Edit Plan' }).click();
  await expect(dialog.getByRole('heading', { name: 'Edit Form Field' })).toBeVisible();
  await expect(dialog.getByLabel('Choice 2', { exact: true })).toHaveValue('Pro');
  await dialog.getByLabel('Label').fill('Plan chosen');
  await dialog.getByRole('button', { name: 'Update Field' }).click();
  await expect(page.getByText('Field updated successfully')).toBeVisible();
  await expect(stepCard(page, 1)).toContainText('Plan chosen');
  await stepCard(page, 2).getByRole('button', { name: 'Delete Start date' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Field deleted successfully')).toBeVisible();
  await expect(stepCard(page, 2)).toContainText('No fields yet');

  // The list shows the flow with its company, type and step count.
  await page.getByRole('link', { name: 'Back to Flows' }).click();
  await expect(page.getByText('Showing 1 of 1 flows')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Client intake' });
  await expect(row).toContainText('Juniper Cafe');
  await expect(row).toContainText('2 steps');
  await expectAccessible(page);
});

test('renames and reorders steps with the buttons, the keyboard and the mouse, and keeps both after a reload', async ({
  page,
}) => {
  const agency = await newAgency(page);
  const flow = await newFlow(page, agency, { name: 'Launch info', workflowType: 'inform' }, [
    'Welcome',
    'Schedule',
    'Contacts',
  ]);
  await page.goto(`/hub/flows/${flow.flowUid}`);
  await expect.poll(() => stepTitles(page)).toEqual(['Welcome', 'Schedule', 'Contacts']);

  // Typing is saved on its own after a pause; an empty title is refused on the spot and never saved.
  const title2 = page.getByLabel('Title of step 2');
  await title2.fill('');
  await expect(stepCard(page, 2).getByText('Step title is required')).toBeVisible();
  await title2.fill('Kick-off call');
  await page.getByLabel('Content of step 2').fill('Monday 10:00\nBring the brand guide');
  await expect(saveState(page)).toHaveText('Saved');
  const preview = page.getByRole('complementary', { name: 'Preview of Launch info' });
  await expect(preview).toContainText('Monday 10:00');
  await expect
    .poll(async () => (await storedSteps(page, agency, flow.flowUid))[1])
    .toEqual({ title: 'Kick-off call', content: 'Monday 10:00\nBring the brand guide', fields: [] });

  // Buttons: the focus stays on the moved step's buttons.
  await page.getByRole('button', { name: 'Move Kick-off call up' }).click();
  await expect.poll(() => stepTitles(page)).toEqual(['Kick-off call', 'Welcome', 'Contacts']);
  await expect(page.getByRole('button', { name: 'Move Kick-off call down' })).toBeFocused();
  await expect
    .poll(async () => (await storedSteps(page, agency, flow.flowUid)).map((s) => s.title))
    .toEqual(['Kick-off call', 'Welcome', 'Contacts']);

  // Keyboard: Space picks the step up by its handle, an arrow moves it, Space drops it.
  // (Each key waits for the screen reader's announcement: the page may scroll smoothly to follow the step.)
  await page.getByRole('button', { name: 'Reorder Contacts' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Contacts is at position 3 of 3.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Contacts is at position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Contacts dropped at position 2 of 3.')).toBeAttached();
  await expect.poll(() => stepTitles(page)).toEqual(['Kick-off call', 'Contacts', 'Welcome']);
  await expect
    .poll(async () => (await storedSteps(page, agency, flow.flowUid)).map((s) => s.title))
    .toEqual(['Kick-off call', 'Contacts', 'Welcome']);

  // Mouse: drag the last step's handle above the first.
  const handle = page.getByRole('button', { name: 'Reorder Welcome' });
  const from = (await handle.boundingBox())!;
  const to = (await stepCard(page, 1).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 20, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 10, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => stepTitles(page)).toEqual(['Welcome', 'Kick-off call', 'Contacts']);
  await expect
    .poll(async () => (await storedSteps(page, agency, flow.flowUid)).map((s) => s.title))
    .toEqual(['Welcome', 'Kick-off call', 'Contacts']);

  await page.reload();
  await expect.poll(() => stepTitles(page)).toEqual(['Welcome', 'Kick-off call', 'Contacts']);
  await expect(preview.getByRole('heading', { level: 3 })).toHaveText([
    '1. Welcome',
    '2. Kick-off call',
    '3. Contacts',
  ]);
  await expect(page.getByLabel('Content of step 2')).toHaveValue('Monday 10:00\nBring the brand guide');

  // Deleting a step asks first.
  await page.getByRole('button', { name: 'Delete Contacts' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Delete Contacts?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Step deleted')).toBeVisible();
  await expect
    .poll(async () => (await storedSteps(page, agency, flow.flowUid)).map((s) => s.title))
    .toEqual(['Welcome', 'Kick-off call']);
});

/** axe with every rule (best practices too): none of the violations may be serious or critical. */
async function expectNoSeriousViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

test('the editor has no serious accessibility violations, and its long preview scrolls from the keyboard', async ({
  page,
}) => {
  const agency = await newAgency(page);
  const flow = await newFlow(page, agency, { name: 'Long intake', workflowType: 'collect' });
  // Two steps of disabled controls: the preview holds nothing else a keyboard could reach.
  const types = ['text', 'textarea', 'select', 'date', 'checkbox', 'file'];
  for (const s of [1, 2]) {
    const step = await page.request.post('/flow_step/v1', {
      data: { flow_id: flow.id, step_title: `Step ${s}` },
      headers: agency.headers,
    });
    expect(step.status()).toBe(201);
    const stepId = (await step.json()).id as number;
    for (const [i, type] of types.entries()) {
      const choices = type === 'select' ? ['Basic', 'Pro'] : undefined;
      const field = await page.request.post('/flow_field/v1', {
        data: { flow_step: stepId, field_label: `Field ${s}.${i + 1}`, field_type: type, order: i, choices },
        headers: agency.headers,
      });
      expect(field.status()).toBe(201);
    }
  }

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/hub/flows/${flow.flowUid}`);
    await expect(page.locator('[data-flow-preview]').getByRole('heading', { level: 3 })).toHaveCount(2);
    await expectNoSeriousViolations(page);
  }

  // Wide, the preview is capped at the window's height: Tab from the last add-step button reaches it, the keys scroll
  // it (the flow type's own button comes first, then the other step types: issue 29).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/hub/flows/${flow.flowUid}`);
  const region = page.getByRole('region', { name: 'Live preview' });
  await expect(region).toContainText('Field 2.6');
  expect(await region.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await page.getByRole('button', { name: 'Add Information Step' }).focus();
  await page.keyboard.press('Tab');
  await expect(region).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  await page.getByRole('tab', { name: /Submissions/ }).click();
  await expect(region).toBeHidden();
  await expectNoSeriousViolations(page);
});

test('renders onboard markdown in the preview, keeps stored HTML inert, and duplicates a flow with its steps', async ({
  page,
}) => {
  const agency = await newAgency(page);
  const flow = await newFlow(page, agency, { name: 'Welcome pack', workflowType: 'onboard' });
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await page.goto(`/hub/flows/${flow.flowUid}`);
  await page.getByRole('button', { name: 'Add Content Step' }).click();
  await expect(page.getByText('Step created successfully')).toBeVisible();
  // A new onboard step starts with the placeholder heading, rendered in the preview.
  await expect(page.getByLabel('Content of step 1')).toHaveValue('## Step 1\n\nAdd your content here...');
  const preview = page.getByRole('complementary', { name: 'Preview of Welcome pack' });
  await expect(preview.getByRole('heading', { name: 'Step 1', level: 4 })).toBeVisible();

  await page
    .getByLabel('Content of step 1')
    .fill('# Hello and welcome\n\nRead **this** first. <img src=x onerror=alert(1)> [bad](javascript:alert(1))');
  await expect(preview.getByRole('heading', { name: 'Hello and welcome' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('this');
  await expect(preview.locator('img')).toHaveCount(0);
  await expect(preview).toContainText('<img src=x onerror=alert(1)>');
  await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
  // The card's own Write/Preview switch.
  await stepCard(page, 1).getByRole('button', { name: 'Preview' }).click();
  await expect(stepCard(page, 1).getByRole('heading', { name: 'Hello and welcome' })).toBeVisible();
  await stepCard(page, 1).getByRole('button', { name: 'Write' }).click();
  await page.getByLabel('Title of step 1').fill('Welcome');
  await expect(saveState(page)).toHaveText('Saved');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('Flow duplicated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome pack (copy)' })).toBeVisible();
  expect(page.url()).not.toContain(flow.flowUid);
  await expect.poll(() => stepTitles(page)).toEqual(['Welcome']);
  await expect(
    page
      .getByRole('complementary', { name: 'Preview of Welcome pack (copy)' })
      .getByRole('heading', { name: 'Hello and welcome' }),
  ).toBeVisible();

  // The list: both flows are drafts; the row menu publishes one and the filter finds the other.
  await page.goto('/hub/flows');
  await expect(page.getByText('Showing 2 of 2 flows')).toBeVisible();
  await page.getByRole('button', { name: 'More actions for Welcome pack', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish…' }).click();
  const publishDialog = page.getByRole('dialog', { name: 'Publish Welcome pack?' });
  await expect(publishDialog).toContainText('Every client with portal access will be asked');
  await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Flow published')).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('false');
  await expect(page.getByText('Showing 1 of 2 flows')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Welcome pack (copy)' })).toBeVisible();
  expect(dialogs).toBe(0);
});

test('opens an unknown flow as not found, with the way back', async ({ page }) => {
  await newAgency(page);
  await page.goto('/hub/flows/no-such-flow');
  await expect(page.getByRole('heading', { name: 'Flow not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Flows' }).click();
  await expect(page).toHaveURL(/\/hub\/flows$/);
});

test("lists a company's flows on its page and creates one for that company", async ({ page }) => {
  const agency = await newAgency(page);
  await page.goto(`/hub/companies/${agency.companyId}?tab=flows`);
  await expect(page.getByRole('heading', { name: 'No flows for this company yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Flow' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue('Juniper Cafe');
  await dialog.getByLabel('Flow name').fill('Cafe welcome');
  await dialog.getByLabel('Description').fill('First week at the cafe');
  await dialog.getByRole('button', { name: 'Create Flow' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cafe welcome' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: /Flows/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Cafe welcome' })).toBeVisible();
  await expect(page.getByText('1 flow', { exact: true })).toBeVisible();
});

test('one step holds welcome text and a form: "Add text" on a form step, "Add Field" on a content step, kept after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const agency = await newAgency(page);
  const flow = await newFlow(page, agency, { name: 'Kick-off', workflowType: 'collect' });
  await page.goto(`/hub/flows/${flow.flowUid}`);
  const preview = page.getByRole('complementary', { name: 'Preview of Kick-off' });

  // A form step starts with its fields only; "Add text" puts a markdown editor above them and takes the focus.
  await page.getByRole('button', { name: 'Add Form Step' }).click();
  await expect(page.getByText('Step created successfully')).toBeVisible();
  const mixed = stepCard(page, 1);
  await expect(mixed.getByRole('img', { name: 'Form step' })).toBeVisible();
  await expect(mixed.getByLabel('Content of step 1')).toHaveCount(0);
  await page.getByLabel('Title of step 1').fill('Welcome + form');
  await mixed.getByRole('button', { name: 'Add text' }).click();
  await expect(mixed.getByLabel('Content of step 1')).toBeFocused();
  await mixed.getByLabel('Content of step 1').fill('## Welcome aboard\n\nA few questions before we start.');
  await addField(page, mixed, { label: 'Your name', required: true });
  await expect(saveState(page)).toHaveText('Saved');
  // The preview shows the text above the form of the same step.
  await expect(preview.getByRole('heading', { name: 'Welcome aboard', level: 4 })).toBeVisible();
  await expect(preview.getByLabel('Your name')).toBeDisabled();
  const order = await preview
    .locator('[data-flow-preview] > li')
    .first()
    .evaluate((li) => {
      const heading = li.querySelector('h4')!;
      const input = li.querySelector('input')!;
      return heading.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING ? 'text first' : 'form first';
    });
  expect(order).toBe('text first');

  // Another type beside the flow's own; a content step takes a form through Add Field.
  await page.getByRole('button', { name: 'Add Content Step' }).click();
  await expect(page.getByLabel('Title of step 2')).toHaveValue('Step 2');
  const content = stepCard(page, 2);
  await expect(content.getByRole('img', { name: 'Content step' })).toBeVisible();
  await expect(content.getByLabel('Content of step 2')).toHaveValue('## Step 2\n\nAdd your content here...');
  await addField(page, content, { label: 'Anything else?', type: 'textarea' });
  await expect(content.getByRole('listitem')).toHaveText([/Anything else\?.*Text area/]);
  await expectAccessible(page);

  await page.reload();
  await expect.poll(() => stepTitles(page)).toEqual(['Welcome + form', 'Step 2']);
  await expect(stepCard(page, 1).getByLabel('Content of step 1')).toHaveValue(
    '## Welcome aboard\n\nA few questions before we start.',
  );
  await expect(stepCard(page, 1).getByRole('listitem')).toHaveText([/Your name.*Text/]);
  await expect(stepCard(page, 2).getByLabel('Content of step 2')).toBeVisible();
  await expect(stepCard(page, 2).getByRole('listitem')).toHaveText([/Anything else\?/]);
  expect(await storedSteps(page, agency, flow.flowUid)).toEqual([
    {
      title: 'Welcome + form',
      content: '## Welcome aboard\n\nA few questions before we start.',
      fields: ['Your name'],
    },
    { title: 'Step 2', content: '## Step 2\n\nAdd your content here...', fields: ['Anything else?'] },
  ]);

  // "Remove text" hides the text again (the fields stay), and "Add text" brings it back as it was.
  await stepCard(page, 1).getByRole('button', { name: 'Remove text from Welcome + form' }).click();
  await expect(stepCard(page, 1).getByLabel('Content of step 1')).toHaveCount(0);
  await expect(stepCard(page, 1).getByRole('button', { name: 'Add text' })).toBeFocused();
  await expect(preview.getByRole('heading', { name: 'Welcome aboard' })).toHaveCount(0);
  await expect(preview.getByLabel('Your name')).toBeVisible();
  await stepCard(page, 1).getByRole('button', { name: 'Add text' }).click();
  await expect(stepCard(page, 1).getByLabel('Content of step 1')).toHaveValue(
    '## Welcome aboard\n\nA few questions before we start.',
  );
});
