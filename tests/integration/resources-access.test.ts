import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { trpcClient, trpcCode as code, type TrpcClient } from '../support/trpc';

let app: TestApp;
const trpcFor = (token: string) => trpcClient(app.baseUrl, { token });

let owner: TrpcClient;
let stranger: TrpcClient;
let companyId: number;
let resourceId: number;

beforeAll(async () => {
  app = await startApp();
  const api = client(app.baseUrl);
  const first = await signUpAgency(api);
  const second = await signUpAgency(api);
  owner = trpcFor(first.token);
  stranger = trpcFor(second.token);
  const company = await owner.companies.create.mutate({ name: 'Resourceful Ltd' });
  companyId = company.id;
  const business = await app.database.db.business.findUniqueOrThrow({ where: { slug: first.slug } });
  const resource = await app.database.db.resource.create({
    data: {
      businessId: business.id,
      companyId,
      title: 'Brand guidelines',
      description: 'Logos and colours',
      type: 'information',
      status: 'active',
    },
  });
  resourceId = resource.id;
});
afterAll(() => app.close());

describe("the company dialog's Resources Access tab", () => {
  it("lists the company's resources and switches their client visibility", async () => {
    expect(await owner.resources.forCompany.query({ companyId })).toEqual([
      expect.objectContaining({ id: resourceId, title: 'Brand guidelines', visibleToClient: false, projectId: null }),
    ]);
    expect(await owner.resources.setVisibility.mutate({ id: resourceId, visibleToClient: true })).toEqual({
      id: resourceId,
      visibleToClient: true,
    });
    const [row] = await owner.resources.forCompany.query({ companyId });
    expect(row.visibleToClient).toBe(true);
  });

  it("refuses another agency: 404 for the company's list and for the switch, and nothing changes", async () => {
    await expect(stranger.resources.forCompany.query({ companyId })).rejects.toSatisfy((e) => code(e) === 'NOT_FOUND');
    await expect(stranger.resources.setVisibility.mutate({ id: resourceId, visibleToClient: false })).rejects.toSatisfy(
      (e) => code(e) === 'NOT_FOUND',
    );
    const row = await app.database.db.resource.findUniqueOrThrow({ where: { id: resourceId } });
    expect(row.visibleToClient).toBe(true);
  });
});

/**
 * Internal until shared (issue 27): a new resource is hidden from the client until staff share it, and one of a
 * project the client does not see stays hidden even when shared. The share switch asks resources.shareAudience, which
 * counts only the company's contacts with portal access.
 */
describe('sharing a resource with the client', () => {
  it('keeps a new resource from the portal until it is shared; one of an internal project stays hidden', async () => {
    const studio = await createAgency(app, ['Resource Roasters', 'Other Oats']);
    const staff = trpcFor(studio.token);
    const portal = trpcFor(studio.portal.token);
    const companyId = studio.portal.companyId;
    const shownIds = async () => (await portal.portal.resources.query()).map((r) => r.id);

    const made = await staff.resources.create.mutate({
      title: 'Hosting login',
      description: 'Where the site lives',
      type: 'tool',
      status: 'live',
      companyId,
    });
    expect(made.visibleToClient).toBe(false);
    expect(await shownIds()).not.toContain(made.id);
    await staff.resources.setVisibility.mutate({ id: made.id, visibleToClient: true });
    expect(await shownIds()).toContain(made.id);

    const project = await app.database.db.project.create({
      data: { businessId: studio.businessId, companyId, name: 'Internal rebrand', status: 'in_progress' },
    });
    const inProject = await staff.resources.create.mutate({
      title: 'Rebrand board',
      description: 'Moodboard',
      type: 'information',
      status: 'active',
      companyId,
      projectId: project.id,
      visibleToClient: true,
    });
    expect(inProject.visibleToClient).toBe(true);
    expect(await shownIds()).not.toContain(inProject.id);
    expect(await staff.resources.shareAudience.query({ companyId, projectId: project.id })).toEqual({
      company: { id: companyId, name: 'Resource Roasters' },
      // The fixture's portal client; the other company's contact has no access, and would not count anyway.
      portalContacts: 1,
      project: { id: project.id, name: 'Internal rebrand', shown: false },
    });
    const [row] = (await staff.resources.forCompany.query({ companyId })).filter((r) => r.id === inProject.id);
    expect(row.projectId).toBe(project.id);

    await app.database.db.project.update({ where: { id: project.id }, data: { visibleToClient: true } });
    expect(await shownIds()).toContain(inProject.id);
    expect((await staff.resources.shareAudience.query({ companyId, projectId: project.id })).project?.shown).toBe(true);

    // Another agency's company: NOT_FOUND, as everywhere.
    await expect(stranger.resources.shareAudience.query({ companyId })).rejects.toSatisfy(
      (e) => code(e) === 'NOT_FOUND',
    );
  });
});
