import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    data: { businessId: business.id, companyId, title: 'Brand guidelines', description: 'Logos and colours', type: 'information', status: 'active' },
  });
  resourceId = resource.id;
});
afterAll(() => app.close());

describe("the company dialog's Resources Access tab", () => {
  it("lists the company's resources and switches their client visibility", async () => {
    expect(await owner.resources.forCompany.query({ companyId })).toEqual([
      expect.objectContaining({ id: resourceId, title: 'Brand guidelines', visibleToClient: false }),
    ]);
    expect(await owner.resources.setVisibility.mutate({ id: resourceId, visibleToClient: true })).toEqual({ id: resourceId, visibleToClient: true });
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
