/**
 * Business information, portal branding and the logo (work-flows-account-portal.md §2.10, §3, §5, §7.5, §8, §9):
 * every call over tRPC and REST, every rule with the spec's message, the public branding by slug, the logo's
 * magic-byte checks, size limit, public address and replacement, and who may change what (owner and admin only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_STYLE, DEFAULT_LOGIN_TEXT, LIMITS } from '../../shared/constants';
import { M } from '../../shared/messages';
import { createStaffSession } from '../../server/auth/sessions';
import { hashPassword } from '../../server/auth/password';
import { imageTypeOf } from '../../server/files/logo';
import { createAgency, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { storedKeys } from '../support/stored';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

const A = M.account;

let app: TestApp;
let api: ReturnType<typeof client>;
let owner: Agency;
let other: Agency;
let trpc: TrpcClient;
let memberToken: string;
let adminToken: string;

/** A staff user of the agency with the given role and a live session, written straight to the database. */
async function staffUser(agency: Agency, role: 'admin' | 'member') {
  const user = await app.database.db.user.create({
    data: {
      businessId: agency.businessId,
      email: `${role}-${agency.slug}@example.test`,
      firstName: role === 'admin' ? 'Avery' : 'Morgan',
      lastName: 'Staff',
      passwordHash: await hashPassword('correct horse battery'),
      role,
    },
  });
  return (await createStaffSession(app.database.db, user.id)).token;
}

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  owner = await createAgency(app, ['Acme Studio']);
  other = await createAgency(app, ['Foreign Foundry']);
  trpc = trpcClient(app.baseUrl, { token: owner.token });
  memberToken = await staffUser(owner, 'member');
  adminToken = await staffUser(owner, 'admin');
});
afterAll(() => app?.close());

const put = (url: string, body: unknown, token: string | undefined = owner.token) =>
  api.call('PUT', url, { body, token });

const validInfo = {
  name: 'Northwind Creative',
  email: 'hello@northwind.example',
  phone: '+1 555 0142',
  location: {
    street1: '12 Harbour Road',
    street2: 'Suite 4',
    cityTown: 'Portland',
    state: 'OR',
    zipcode: '97201',
    country: 'United States',
  },
};
const validStyle = {
  primaryColor: '#1f7a5c',
  secondaryColor: '#F2C14E',
  buttonTextColor: '#ffffff',
  loginText: 'Welcome back! Sign in to see your projects.',
};

// ---------------------------------------------------------------- images

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

type UploadOptions = { fileName?: string; type?: string; token?: string | null; field?: string };

/** POST /api/business/logo as a browser sends it (fetch's FormData). */
async function uploadLogo(content: Buffer | string, options: UploadOptions = {}) {
  const form = new FormData();
  const bytes = typeof content === 'string' ? content : new Uint8Array(content);
  form.append(
    options.field ?? 'file',
    new Blob([bytes], { type: options.type ?? 'image/png' }),
    options.fileName ?? 'logo.png',
  );
  const bearer = options.token === undefined ? owner.token : options.token;
  const res = await fetch(`${app.baseUrl}/api/business/logo`, {
    method: 'POST',
    body: form,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The files stored for a business (logos and documents alike), by key. */
const storedFiles = (businessId: number) => storedKeys(app, businessId);
const logoKeyOf = async (businessId: number) =>
  (await app.database.db.business.findUniqueOrThrow({ where: { id: businessId }, select: { logoKey: true } })).logoKey;

// ---------------------------------------------------------------- GET /api/business

describe('business.get and GET /api/business', () => {
  it('answers the business with style, logo and location, the defaults of spec §9 and the portal URL', async () => {
    const business = await trpcClient(app.baseUrl, { token: other.token }).business.get.query();
    expect(business).toEqual({
      id: other.businessId,
      name: other.name,
      slug: other.slug,
      email: other.email,
      phone: '+1 555 0100',
      portalUrl: `http://localhost:0/portal/${other.slug}`,
      logo: null,
      currency: 'USD',
      location: { street1: '', street2: '', cityTown: '', state: '', zipcode: '', country: '' },
      style: { ...DEFAULT_BRAND_STYLE, loginText: DEFAULT_LOGIN_TEXT },
      messageEmail: { delayMinutes: 5, includesText: false },
    });
  });

  it("answers the spec's snake_case names over REST (style.primary_color, location.street_1, portal_url)", async () => {
    const res = await api.get('/api/business', { token: other.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'currency',
      'email',
      'id',
      'location',
      'logo',
      'message_email',
      'name',
      'phone',
      'portal_url',
      'slug',
      'style',
    ]);
    expect(Object.keys(res.body.location)).toEqual([
      'street_1',
      'street_2',
      'city_town',
      'state',
      'zipcode',
      'country',
    ]);
    expect(res.body.style).toEqual({
      primary_color: DEFAULT_BRAND_STYLE.primaryColor,
      secondary_color: DEFAULT_BRAND_STYLE.secondaryColor,
      button_text_color: DEFAULT_BRAND_STYLE.buttonTextColor,
      login_text: DEFAULT_LOGIN_TEXT,
    });
  });

  it('is readable by every staff member, members included; 401 without a session', async () => {
    expect((await api.get('/api/business', { token: memberToken })).body.slug).toBe(owner.slug);
    expect((await api.get('/api/business')).status).toBe(401);
    expect((await api.get('/api/business', { token: owner.portal.token })).status).toBe(401);
  });
});

// ---------------------------------------------------------------- business information

describe('business.updateInfo and PUT /api/business/info (spec §5, Business information form)', () => {
  it("saves name, email, phone and location, trimmed, and answers the business; 'Business information updated' is the client's", async () => {
    const saved = await trpc.business.updateInfo.mutate({ ...validInfo, name: '  Northwind Creative  ' });
    expect(saved).toMatchObject({
      name: 'Northwind Creative',
      email: validInfo.email,
      phone: validInfo.phone,
      location: validInfo.location,
      slug: owner.slug,
    });
    expect(await trpc.business.get.query()).toEqual(saved);
    // The staff session's business name follows (the hub's header reads it from auth.me).
    expect((await trpc.auth.me.query()).business.name).toBe('Northwind Creative');
  });

  it("takes the spec's snake_case payload ({name, email, phone, location: {street_1, street_2, city_town, …}}) and camelCase alike", async () => {
    const snake = await put('/api/business/info', {
      name: 'Northwind Snake',
      email: 'snake@northwind.example',
      phone: '',
      location: {
        street_1: '1 Main St',
        street_2: '',
        city_town: 'Salem',
        state: 'MA',
        zipcode: '01970',
        country: 'USA',
      },
    });
    expect(snake.status).toBe(200);
    expect(snake.body).toMatchObject({
      name: 'Northwind Snake',
      phone: '',
      location: {
        street_1: '1 Main St',
        street_2: '',
        city_town: 'Salem',
        state: 'MA',
        zipcode: '01970',
        country: 'USA',
      },
    });
    const camel = await put('/api/business/info', validInfo);
    expect(camel.status).toBe(200);
    expect(camel.body.location).toEqual({
      street_1: '12 Harbour Road',
      street_2: 'Suite 4',
      city_town: 'Portland',
      state: 'OR',
      zipcode: '97201',
      country: 'United States',
    });
  });

  it('keeps phone and street_2 optional (absent or null stores nothing)', async () => {
    const { phone: _p, ...withoutPhone } = validInfo;
    const { street2: _s, ...location } = validInfo.location;
    const saved = await trpc.business.updateInfo.mutate({ ...withoutPhone, location });
    expect(saved.phone).toBe('');
    expect(saved.location.street2).toBe('');
    expect(
      (
        await trpc.business.updateInfo.mutate({
          ...validInfo,
          phone: null,
          location: { ...validInfo.location, street2: null },
        })
      ).phone,
    ).toBe('');
  });

  it('never changes the slug, whatever the payload says', async () => {
    const res = await put('/api/business/info', { ...validInfo, slug: 'hijacked' });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe(owner.slug);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['an empty name', { name: '' }, A.nameRequired, 'name'],
    ['a blank name', { name: '   ' }, A.nameRequired, 'name'],
    ['no name', { name: undefined }, A.nameRequired, 'name'],
    ['a 101-character name', { name: 'n'.repeat(LIMITS.businessNameMax + 1) }, A.nameTooLong, 'name'],
    ['an invalid email', { email: 'not-an-email' }, A.invalidEmail, 'email'],
    ['an empty email', { email: '' }, A.invalidEmail, 'email'],
    ['no email', { email: undefined }, A.invalidEmail, 'email'],
    ['an empty street', { location: { ...validInfo.location, street1: ' ' } }, A.streetRequired, 'location.street1'],
    ['an empty city', { location: { ...validInfo.location, cityTown: '' } }, A.cityRequired, 'location.cityTown'],
    ['an empty zip code', { location: { ...validInfo.location, zipcode: '' } }, A.zipRequired, 'location.zipcode'],
    ['an empty country', { location: { ...validInfo.location, country: '' } }, A.countryRequired, 'location.country'],
    [
      'a missing country',
      { location: { ...validInfo.location, country: undefined } },
      A.countryRequired,
      'location.country',
    ],
  ];
  for (const [what, change, message, issuePath] of refusals) {
    it(`refuses ${what} with '${message}' (400) and changes nothing`, async () => {
      const before = await trpc.business.get.query();
      const res = await put('/api/business/info', { ...validInfo, ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.issues).toContainEqual({ path: issuePath, message });
      expect(await trpc.business.get.query()).toEqual(before);
    });
  }

  it('accepts a name of exactly 100 characters', async () => {
    expect(
      (await trpc.business.updateInfo.mutate({ ...validInfo, name: 'n'.repeat(LIMITS.businessNameMax) })).name,
    ).toHaveLength(100);
    await trpc.business.updateInfo.mutate(validInfo);
  });

  it('refuses every required field at once, each under its own name (snake_case wire names map back)', async () => {
    const res = await put('/api/business/info', {
      name: '',
      email: 'x',
      location: { street_1: '', city_town: '', state: 'Oregon', zipcode: '', country: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { message: string }) => i.message)).toEqual([
      A.nameRequired,
      A.invalidEmail,
      A.streetRequired,
      A.cityRequired,
      A.zipRequired,
      A.countryRequired,
    ]);
  });

  it('accepts no address at all: every part empty, or no location (issue 29)', async () => {
    const empty = { street1: '', street2: '', cityTown: '', state: '', zipcode: '', country: '' };
    expect((await trpc.business.updateInfo.mutate({ ...validInfo, location: empty })).location).toEqual(empty);
    const res = await put('/api/business/info', { name: validInfo.name, email: validInfo.email });
    expect(res.status).toBe(200);
    expect((await trpc.business.get.query()).location).toEqual(empty);
    await trpc.business.updateInfo.mutate(validInfo);
  });

  it('accepts an address without a state', async () => {
    const saved = await trpc.business.updateInfo.mutate({
      ...validInfo,
      location: { ...validInfo.location, state: '' },
    });
    expect(saved.location.state).toBe('');
    expect(saved.location.cityTown).toBe(validInfo.location.cityTown);
    await trpc.business.updateInfo.mutate(validInfo);
  });

  it('refuses a partly filled address: street, city, zip code and country are needed', async () => {
    const res = await put('/api/business/info', { ...validInfo, location: { city_town: 'Portland' } });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'location.street1', message: A.streetRequired },
      { path: 'location.zipcode', message: A.zipRequired },
      { path: 'location.country', message: A.countryRequired },
    ]);
  });

  it('keeps the currency (USD by default), changes it, and refuses a code that is no currency', async () => {
    expect((await trpc.business.get.query()).currency).toBe('USD');
    expect((await trpc.business.updateInfo.mutate({ ...validInfo, currency: 'eur' })).currency).toBe('EUR');
    // A call without a currency keeps the agency's.
    expect((await trpc.business.updateInfo.mutate(validInfo)).currency).toBe('EUR');
    const res = await put('/api/business/info', { ...validInfo, currency: 'XYZ' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'currency', message: A.invalidCurrency });
    expect((await trpc.business.get.query()).currency).toBe('EUR');
    await trpc.business.updateInfo.mutate({ ...validInfo, currency: 'USD' });
  });

  it("refuses members with 403 ('Only the agency’s owner or an admin can do this.'); admins may", async () => {
    const res = await put('/api/business/info', { ...validInfo, name: 'Member was here' }, memberToken);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: M.permissions.forbidden, code: 'FORBIDDEN' });
    const viaTrpc = await trpcClient(app.baseUrl, { token: memberToken })
      .business.updateInfo.mutate(validInfo)
      .catch(trpcCode);
    expect(viaTrpc).toBe('FORBIDDEN');
    expect((await trpc.business.get.query()).name).toBe(validInfo.name);
    expect((await put('/api/business/info', { ...validInfo, name: 'Admin Edit' }, adminToken)).body.name).toBe(
      'Admin Edit',
    );
    await trpc.business.updateInfo.mutate(validInfo);
  });

  it("changes only the signed-in agency's business", async () => {
    const before = await app.database.db.business.findUniqueOrThrow({ where: { id: other.businessId } });
    await trpc.business.updateInfo.mutate({ ...validInfo, name: 'Only Mine' });
    expect(await app.database.db.business.findUniqueOrThrow({ where: { id: other.businessId } })).toEqual(before);
    await trpc.business.updateInfo.mutate(validInfo);
  });
});

// ---------------------------------------------------------------- brand style

describe('business.updateStyle and PUT /api/business/style (spec §5, Brand style form)', () => {
  it('saves the three colors (lower-cased) and the login text', async () => {
    const saved = await trpc.business.updateStyle.mutate(validStyle);
    expect(saved.style).toEqual({ ...validStyle, secondaryColor: '#f2c14e' });
  });

  it("takes the spec's payload {primary_color, secondary_color, button_text_color, login_text}", async () => {
    const res = await put('/api/business/style', {
      primary_color: '#112233',
      secondary_color: '#445566',
      button_text_color: '#778899',
      login_text: 'Hello clients',
    });
    expect(res.status).toBe(200);
    expect(res.body.style).toEqual({
      primary_color: '#112233',
      secondary_color: '#445566',
      button_text_color: '#778899',
      login_text: 'Hello clients',
    });
    await trpc.business.updateStyle.mutate(validStyle);
  });

  for (const [field, value] of [
    ['primaryColor', '#12345'],
    ['primaryColor', 'red'],
    ['secondaryColor', '123456'],
    ['secondaryColor', '#12345g'],
    ['buttonTextColor', '#1234567'],
    ['buttonTextColor', ''],
    ['buttonTextColor', undefined],
  ] as const) {
    it(`refuses ${field} ${JSON.stringify(value)} with 'Must be a valid hex color'`, async () => {
      const res = await put('/api/business/style', { ...validStyle, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(A.invalidHex);
      expect(res.body.issues).toEqual([{ path: field, message: A.invalidHex }]);
    });
  }

  it("refuses an empty or blank login text with 'Login text is required', and 201 characters with 'Login text must be less than 200 characters'", async () => {
    for (const loginText of ['', '   ', undefined]) {
      const res = await put('/api/business/style', { ...validStyle, loginText });
      expect([res.status, res.body.message]).toEqual([400, A.loginTextRequired]);
    }
    const long = await put('/api/business/style', { ...validStyle, loginText: 'x'.repeat(LIMITS.loginTextMax + 1) });
    expect([long.status, long.body.message]).toEqual([400, A.loginTextTooLong]);
    const max = await trpc.business.updateStyle.mutate({ ...validStyle, loginText: 'x'.repeat(LIMITS.loginTextMax) });
    expect(max.style.loginText).toHaveLength(LIMITS.loginTextMax);
    await trpc.business.updateStyle.mutate(validStyle);
  });

  it('refuses members with 403 and leaves the style as it was', async () => {
    const res = await put('/api/business/style', { ...validStyle, primaryColor: '#000000' }, memberToken);
    expect([res.status, res.body.message]).toEqual([403, M.permissions.forbidden]);
    expect((await trpc.business.get.query()).style.primaryColor).toBe(validStyle.primaryColor);
  });
});

// ---------------------------------------------------------------- public branding

describe('business.branding and GET /api/business/branding/{slug} (public)', () => {
  it("answers a known slug without any session, in the spec's mixed naming", async () => {
    const res = await api.get(`/api/business/branding/${owner.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      businessName: validInfo.name,
      logo: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      loginText: validStyle.loginText,
      style: {
        primaryColor: validStyle.primaryColor,
        secondaryColor: '#f2c14e',
        button_text_color: validStyle.buttonTextColor,
      },
      magicLinkOnly: false,
    });
    expect(await trpcClient(app.baseUrl).business.branding.query({ slug: owner.slug.toUpperCase() })).toEqual(res.body);
  });

  it('answers 404 for a slug no agency uses', async () => {
    const res = await api.get('/api/business/branding/no-such-agency-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: A.brandingNotFound, code: 'NOT_FOUND' });
    expect(await trpcClient(app.baseUrl).business.branding.query({ slug: 'nope' }).catch(trpcCode)).toBe('NOT_FOUND');
  });

  it('shows the defaults for an agency that never set its branding', async () => {
    const res = await api.get(`/api/business/branding/${other.slug}`);
    expect(res.body).toEqual({
      businessName: other.name,
      logo: null,
      loginText: DEFAULT_LOGIN_TEXT,
      style: {
        primaryColor: DEFAULT_BRAND_STYLE.primaryColor,
        secondaryColor: DEFAULT_BRAND_STYLE.secondaryColor,
        button_text_color: DEFAULT_BRAND_STYLE.buttonTextColor,
      },
      magicLinkOnly: false,
    });
  });
});

// ---------------------------------------------------------------- logo

describe('the logo: POST /api/business/logo and its public address', () => {
  it('tells the accepted formats by their first bytes', () => {
    expect(imageTypeOf(TINY_PNG)).toBe('image/png');
    expect(imageTypeOf(TINY_GIF)).toBe('image/gif');
    expect(imageTypeOf(TINY_JPEG)).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from(SVG))).toBeNull();
    expect(imageTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });

  for (const [kind, bytes, type, fileName] of [
    ['PNG', TINY_PNG, 'image/png', 'logo.png'],
    ['GIF', TINY_GIF, 'image/gif', 'logo.gif'],
    ['JPEG', TINY_JPEG, 'image/jpeg', 'logo.jpg'],
  ] as const) {
    it(`accepts a real ${kind}, stores it under a random name and serves it publicly with a year-long cache`, async () => {
      const res = await uploadLogo(bytes, { type, fileName });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        url: expect.stringMatching(new RegExp(`^/api/business/logo/${owner.businessId}/[0-9a-f-]{36}$`)),
        name: fileName,
      });
      expect((await trpc.business.get.query()).logo).toEqual(res.body);
      expect((await api.get(`/api/business/branding/${owner.slug}`)).body.logo).toBe(res.body.url);

      const served = await fetch(app.baseUrl + res.body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      expect(storedFiles(owner.businessId)).toEqual([res.body.url.replace('/api/business/logo/', '')]);
    });
  }

  it('serves the type its bytes show, not the one the upload declared', async () => {
    const res = await uploadLogo(TINY_PNG, { type: 'image/gif', fileName: 'looks-like.gif' });
    expect(res.status).toBe(200);
    expect((await fetch(app.baseUrl + res.body.url)).headers.get('content-type')).toBe('image/png');
  });

  it('replacing the logo gives it a new address and deletes the old file', async () => {
    const first = await uploadLogo(TINY_PNG);
    const second = await uploadLogo(TINY_GIF, { type: 'image/gif', fileName: 'second.gif' });
    expect(second.body.url).not.toBe(first.body.url);
    expect((await fetch(app.baseUrl + first.body.url)).status).toBe(404);
    expect((await fetch(app.baseUrl + second.body.url)).status).toBe(200);
    expect(storedFiles(owner.businessId)).toEqual([await logoKeyOf(owner.businessId)]);
  });

  it('keeps exactly one file when uploads race', async () => {
    const results = await Promise.all(
      [TINY_PNG, TINY_GIF, TINY_JPEG, TINY_PNG, TINY_GIF, TINY_JPEG].map((bytes) => uploadLogo(bytes)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(storedFiles(owner.businessId)).toEqual([await logoKeyOf(owner.businessId)]);
  });

  const invalid: [string, Buffer | string, UploadOptions][] = [
    ['a text file named logo.png', 'just some text, not an image', { type: 'image/png', fileName: 'logo.png' }],
    ['an SVG image', SVG, { type: 'image/svg+xml', fileName: 'logo.svg' }],
    ['an SVG named logo.png', SVG, { type: 'image/png', fileName: 'logo.png' }],
    [
      'an HTML page named logo.gif',
      '<!doctype html><script>alert(1)</script>',
      { type: 'image/gif', fileName: 'logo.gif' },
    ],
    ['an empty file', '', { type: 'image/png', fileName: 'empty.png' }],
    [
      'a WebP image',
      Buffer.from('RIFF\x24\0\0\0WEBPVP8 \x18\0\0\0', 'latin1'),
      { type: 'image/webp', fileName: 'logo.webp' },
    ],
  ];
  for (const [what, content, options] of invalid) {
    it(`refuses ${what} with 'Invalid file type: Please upload a JPEG, PNG, or GIF image.' and keeps nothing`, async () => {
      const before = await logoKeyOf(owner.businessId);
      const res = await uploadLogo(content, options);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: A.invalidType, code: 'BAD_REQUEST', requestId: expect.any(String) });
      expect(await logoKeyOf(owner.businessId)).toBe(before);
      expect(storedFiles(owner.businessId)).toEqual([before]);
    });
  }

  it("refuses 5 MB + 1 byte with 'File too large: Please upload an image smaller than 5MB.' and keeps nothing; exactly 5 MB is accepted", async () => {
    const before = await logoKeyOf(owner.businessId);
    const over = Buffer.alloc(LIMITS.logoMaxBytes + 1);
    TINY_PNG.copy(over);
    const res = await uploadLogo(over);
    expect([400, 413]).toContain(res.status);
    expect(res.body.message).toBe(A.tooLarge);
    expect(await logoKeyOf(owner.businessId)).toBe(before);
    expect(storedFiles(owner.businessId)).toEqual([before]);

    const exact = await uploadLogo(over.subarray(0, LIMITS.logoMaxBytes));
    expect(exact.status).toBe(200);
    expect(storedFiles(owner.businessId)).toEqual([await logoKeyOf(owner.businessId)]);
  });

  it('refuses a request without a file, one that is not multipart, and one without a session', async () => {
    const wrongField = await uploadLogo(TINY_PNG, { field: 'image' });
    expect(wrongField.status).toBe(400);
    const json = await api.post('/api/business/logo', { file: 'x' }, { token: owner.token });
    expect([json.status, json.body.message]).toEqual([400, M.documents.notMultipart]);
    const anonymous = await uploadLogo(TINY_PNG, { token: null });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const portal = await uploadLogo(TINY_PNG, { token: owner.portal.token });
    expect(portal.status).toBe(401);
  });

  it('refuses members with 403 and stores nothing; admins may', async () => {
    const before = await logoKeyOf(owner.businessId);
    const res = await uploadLogo(TINY_PNG, { token: memberToken });
    expect([res.status, res.body.message]).toEqual([403, M.permissions.forbidden]);
    expect(storedFiles(owner.businessId)).toEqual([before]);
    expect(await trpcClient(app.baseUrl, { token: memberToken }).business.removeLogo.mutate().catch(trpcCode)).toBe(
      'FORBIDDEN',
    );
    expect((await uploadLogo(TINY_GIF, { token: adminToken, type: 'image/gif' })).status).toBe(200);
  });

  it("another agency's upload changes only its own logo", async () => {
    const mine = (await trpc.business.get.query()).logo!;
    const theirs = await uploadLogo(TINY_JPEG, { token: other.token, type: 'image/jpeg' });
    expect(theirs.status).toBe(200);
    expect(theirs.body.url.startsWith(`/api/business/logo/${other.businessId}/`)).toBe(true);
    expect((await trpc.business.get.query()).logo).toEqual(mine);
    expect((await fetch(app.baseUrl + mine.url)).status).toBe(200);
    // An address made of another agency's id and this agency's file names nothing.
    const crossed = mine.url.replace(`/${owner.businessId}/`, `/${other.businessId}/`);
    expect((await fetch(app.baseUrl + crossed)).status).toBe(404);
  });

  it('never serves a stored file that is not a logo (a document) at a logo address', async () => {
    const form = new FormData();
    form.append('companyId', String(owner.companies[0].id));
    form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'private.png');
    const uploaded = await fetch(`${app.baseUrl}/api/documents/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(uploaded.status).toBe(201);
    const { storageKey } = await app.database.db.document.findUniqueOrThrow({
      where: { id: (await uploaded.json()).id },
      select: { storageKey: true },
    });
    const res = await fetch(`${app.baseUrl}/api/business/logo/${storageKey}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${app.baseUrl}/api/business/logo/${owner.businessId}/../../etc`)).status).toBe(404);
    expect(
      (await fetch(`${app.baseUrl}/api/business/logo/9999999999/11111111-1111-1111-1111-111111111111`)).status,
    ).toBe(404);
  });

  it('removeLogo (DELETE /api/business/logo) goes back to no logo and deletes the file', async () => {
    const key = (await logoKeyOf(owner.businessId))!;
    const res = await api.call('DELETE', '/api/business/logo', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.logo).toBeNull();
    expect((await api.get(`/api/business/branding/${owner.slug}`)).body.logo).toBeNull();
    expect(storedFiles(owner.businessId)).not.toContain(key);
    expect((await fetch(`${app.baseUrl}/api/business/logo/${key}`)).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('documents the business paths, the logo upload beside the logo removal, and the public logo and branding reads', async () => {
    const doc = (await api.get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/business'])).toEqual(['get']);
    expect(
      doc.paths['/api/business/info'].put.requestBody.content['application/json'].schema.properties.location.properties,
    ).toHaveProperty('street_1');
    expect(
      Object.keys(doc.paths['/api/business/style'].put.requestBody.content['application/json'].schema.properties),
    ).toEqual(['primary_color', 'secondary_color', 'button_text_color', 'login_text']);
    expect(Object.keys(doc.paths['/api/business/logo']).sort()).toEqual(['delete', 'post']);
    expect(doc.paths['/api/business/logo'].post.requestBody.content['multipart/form-data'].schema.required).toEqual([
      'file',
    ]);
    expect(Object.keys(doc.paths['/api/business/logo'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '413']),
    );
    expect(doc.paths['/api/business/logo/{businessId}/{file}'].get.security).toBeUndefined();
    const branding = doc.paths['/api/business/branding/{slug}'].get;
    expect(branding.security).toBeUndefined();
    expect(
      Object.keys(branding.responses['200'].content['application/json'].schema.properties.style.properties),
    ).toEqual(['primaryColor', 'secondaryColor', 'button_text_color']);
  });
});
