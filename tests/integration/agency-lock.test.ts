// The per-agency guards shared by every app process on one database (server/lib/agency-lock.ts): one streamed export
// zip and one import per agency at a time. Two app instances (two startApp()s: each its own database handles, HTTP
// server and upload folder) on this run's database stand for two processes behind a load balancer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import type { FileStorage } from '../../server/files/storage';
import { captureLogs } from '../../server/log';
import {
  AgencyLockBusyError,
  releaseAgencyLock,
  renewAgencyLock,
  tryAcquireAgencyLock,
  withAgencyLock,
  type AgencyLockName,
} from '../../server/lib/agency-lock';
import { ImportBusyError, oneImportAtATime } from '../../server/data/import-csv';
import { createAgency, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';

let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  one = await startApp();
  two = await startApp();
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A promise to hold a lock on, and the function that lets it go. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((r) => (open = r));
  return { closed, open };
}

/** A fresh agency (no company rows needed) for the lock-only tests. */
async function business(app: TestApp) {
  const slug = `lock-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return (await app.database.db.business.create({ data: { name: 'Lock agency', slug }, select: { id: true } })).id;
}

/**
 * Makes the app's stored-file reads wait until held.open() (restore() opens it and puts the storage back), so a
 * streamed export stays open; `started` settles when the first read begins.
 */
function holdReads(app: TestApp) {
  const storage = app.storage as FileStorage & { readStream: FileStorage['readStream'] };
  const held = gate();
  let reading!: () => void;
  const started = new Promise<void>((r) => (reading = r));
  const original = storage.readStream.bind(storage);
  storage.readStream = async (key, range) => {
    reading();
    await held.closed;
    return original(key, range);
  };
  const restore = () => {
    held.open();
    delete (storage as Partial<FileStorage>).readStream;
  };
  return { started, held, restore };
}

const rowOf = (app: TestApp, businessId: number, name: AgencyLockName) =>
  app.database.db.agencyLock.findUnique({ where: { businessId_name: { businessId, name } } });

describe('withAgencyLock across app instances', () => {
  it('refuses a second holder on another instance and on the same one while the first holds, and lets go after', async () => {
    const businessId = await business(one);
    const other = await business(one);
    const held = gate();
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const first = withAgencyLock(one.database.db, businessId, 'import', async () => {
      entered();
      await held.closed;
      return 'first done';
    });
    await inside;
    let ran = 0;
    const second = () => ran++;
    await expect(withAgencyLock(two.database.db, businessId, 'import', async () => second())).rejects.toBeInstanceOf(
      AgencyLockBusyError,
    );
    await expect(withAgencyLock(one.database.db, businessId, 'import', async () => second())).rejects.toBeInstanceOf(
      AgencyLockBusyError,
    );
    await expect(
      withAgencyLock(two.database.db, businessId, 'import', async () => second(), {
        busy: () => new ImportBusyError(),
      }),
    ).rejects.toBeInstanceOf(ImportBusyError);
    expect(ran).toBe(0);
    // Another lock name of the agency, and the same name of another agency, are free.
    expect(await withAgencyLock(two.database.db, businessId, 'export-stream', async () => 'other name')).toBe(
      'other name',
    );
    expect(await withAgencyLock(two.database.db, other, 'import', async () => 'other agency')).toBe('other agency');
    held.open();
    expect(await first).toBe('first done');
    expect(await rowOf(one, businessId, 'import')).toBeNull();
    expect(await withAgencyLock(two.database.db, businessId, 'import', async () => 'now mine')).toBe('now mine');
  });

  it('gives the lock to exactly one of many holders asking at once from both instances', async () => {
    const businessId = await business(one);
    const holders = Array.from({ length: 12 }, (_, i) => `holder-${i}`);
    const won = await Promise.all(
      holders.map((h, i) => tryAcquireAgencyLock((i % 2 ? two : one).database.db, businessId, 'import', h)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const row = await rowOf(two, businessId, 'import');
    expect(row?.holder).toBe(holders[won.indexOf(true)]);
  });

  it('takes over the lease of a holder that stopped renewing (its process died) once it is over, never before', async () => {
    const businessId = await business(one);
    // Instance one "crashes" holding the lock: a 400 ms lease that nobody renews or releases.
    expect(await tryAcquireAgencyLock(one.database.db, businessId, 'export-stream', 'crashed-process', 400)).toBe(true);
    await expect(
      withAgencyLock(two.database.db, businessId, 'export-stream', async () => 'too early'),
    ).rejects.toBeInstanceOf(AgencyLockBusyError);
    expect((await rowOf(two, businessId, 'export-stream'))?.holder).toBe('crashed-process');
    await sleep(600);
    let holderInside: string | undefined;
    const result = await withAgencyLock(two.database.db, businessId, 'export-stream', async () => {
      holderInside = (await rowOf(two, businessId, 'export-stream'))?.holder;
      return 'taken over';
    });
    expect(result).toBe('taken over');
    expect(holderInside).toMatch(/^[0-9a-f]{32}$/);
    // The dead holder's late renewal or release cannot touch the new holder's row.
    expect(await tryAcquireAgencyLock(two.database.db, businessId, 'export-stream', 'new-holder')).toBe(true);
    expect(await renewAgencyLock(one.database.db, businessId, 'export-stream', 'crashed-process')).toBe(false);
    await releaseAgencyLock(one.database.db, businessId, 'export-stream', 'crashed-process');
    expect((await rowOf(one, businessId, 'export-stream'))?.holder).toBe('new-holder');
  });

  it('renews the lease while the work runs past its length, so a live holder is never taken over', async () => {
    const businessId = await business(one);
    const leaseMs = 600;
    const expiries: number[] = [];
    const refusals: boolean[] = [];
    const result = await withAgencyLock(
      one.database.db,
      businessId,
      'import',
      async () => {
        // More than three leases long; meanwhile instance two keeps asking.
        const until = Date.now() + 2_400;
        while (Date.now() < until) {
          const row = await rowOf(two, businessId, 'import');
          expiries.push(row!.expiresAt.getTime());
          refusals.push(!(await tryAcquireAgencyLock(two.database.db, businessId, 'import', 'intruder', leaseMs)));
          await sleep(150);
        }
        return 'long work done';
      },
      { leaseMs },
    );
    expect(result).toBe('long work done');
    expect(refusals.length).toBeGreaterThan(5);
    expect(refusals.every(Boolean)).toBe(true);
    // The lease moved on: its last expiry is well past where the first one would have run out.
    expect(expiries.at(-1)! - expiries[0]).toBeGreaterThan(leaseMs);
    expect(await rowOf(one, businessId, 'import')).toBeNull();
  });

  it('releases the lock when the work succeeds and when it throws', async () => {
    const businessId = await business(one);
    expect(await withAgencyLock(one.database.db, businessId, 'import', async () => 42)).toBe(42);
    expect(await rowOf(one, businessId, 'import')).toBeNull();
    const failure = new Error('the import broke');
    await expect(
      withAgencyLock(one.database.db, businessId, 'import', async () => {
        expect(await rowOf(two, businessId, 'import')).not.toBeNull();
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await rowOf(one, businessId, 'import')).toBeNull();
    // Free at once for the other instance: nobody waits for a lease to run out.
    expect(await withAgencyLock(two.database.db, businessId, 'import', async () => 'next')).toBe('next');
  });

  it('goes with its agency when the agency is deleted', async () => {
    const businessId = await business(one);
    expect(await tryAcquireAgencyLock(one.database.db, businessId, 'import', 'someone')).toBe(true);
    await one.database.db.business.delete({ where: { id: businessId } });
    expect(await one.database.db.agencyLock.count({ where: { businessId } })).toBe(0);
  });
});

describe('the routes on two instances', () => {
  let agency: Agency;

  beforeAll(async () => {
    agency = await createAgency(one, ['Lockwood Labs']);
  });

  async function get(on: TestApp, url: string) {
    const res = await fetch(`${on.baseUrl}${url}`, { headers: { authorization: `Bearer ${agency.token}` } });
    const body = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      body,
      json: () => JSON.parse(body.toString('utf8')) as { message: string; code: string },
    };
  }

  async function importCsv(on: TestApp, csv: string, commit: boolean) {
    const form = new FormData();
    form.append('kind', 'companies');
    form.append('commit', commit ? 'true' : 'false');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'companies.csv');
    const res = await fetch(`${on.baseUrl}/api/imports`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${agency.token}` },
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  it("answers 409 to GET /api/export.zip on one instance while the other streams the agency's zip", async () => {
    // A stored file whose read waits on a gate keeps instance two's stream open.
    const form = new FormData();
    form.append('companyId', String(agency.companies[0].id));
    form.append('file', new Blob([new Uint8Array(Buffer.from('held bytes'))], { type: 'text/plain' }), 'held.txt');
    const uploaded = await fetch(`${two.baseUrl}/api/documents/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${agency.token}` },
    });
    expect(uploaded.status).toBe(201);
    const { started, held, restore } = holdReads(two);
    try {
      const streaming = get(two, '/api/export.zip');
      await started;
      for (const on of [one, two]) {
        const busy = await get(on, '/api/export.zip');
        expect([busy.status, busy.json()]).toEqual([
          409,
          { message: M.data.export.busy, code: 'CONFLICT', requestId: expect.any(String) },
        ]);
      }
      held.open();
      expect((await streaming).status).toBe(200);
    } finally {
      restore();
    }
    // Released before the response ended: free at once, for every instance.
    expect((await get(one, '/api/export.zip')).status).toBe(200);
  });

  it('lets go of the lock when the reader of a streamed export goes away before its end, and logs no error', async () => {
    const { started, restore } = holdReads(two);
    const logs = captureLogs();
    try {
      const reader = new AbortController();
      const response = fetch(`${two.baseUrl}/api/export.zip`, {
        headers: { authorization: `Bearer ${agency.token}` },
        signal: reader.signal,
      });
      await started;
      expect((await get(one, '/api/export.zip')).status).toBe(409);
      reader.abort();
      await response.then((r) => r.arrayBuffer()).catch(() => undefined);
      // The server learns of the closed connection a moment later; the stored file's read is still held meanwhile.
      let locked = true;
      for (let waited = 0; locked && waited < 5_000; waited += 25) {
        await sleep(25);
        locked = (await rowOf(two, agency.businessId, 'export-stream')) !== null;
      }
      expect(locked).toBe(false);
    } finally {
      logs.stop();
      restore();
    }
    // A reader going away (here before the first byte) is not a server error.
    expect(logs.entries().filter((entry) => entry.level === 'error')).toEqual([]);
    expect((await get(one, '/api/export.zip')).status).toBe(200);
  });

  it("answers 409 to an export or an import on one instance while the other holds the agency's lock", async () => {
    const held = gate();
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const exporting = withAgencyLock(two.database.db, agency.businessId, 'export-stream', async () => {
      entered();
      await held.closed;
    });
    await inside;
    try {
      const busy = await get(one, `/api/export.zip?companyId=${agency.companies[0].id}`);
      expect([busy.status, busy.json()]).toEqual([
        409,
        { message: M.data.export.busy, code: 'CONFLICT', requestId: expect.any(String) },
      ]);
    } finally {
      held.open();
      await exporting;
    }
    expect((await get(one, `/api/export.zip?companyId=${agency.companies[0].id}`)).status).toBe(200);

    const importing = gate();
    let importEntered!: () => void;
    const importInside = new Promise<void>((r) => (importEntered = r));
    const holding = oneImportAtATime(two.database.db, agency.businessId, async () => {
      importEntered();
      await importing.closed;
    });
    await importInside;
    try {
      const refused = await importCsv(one, 'Company name\nLocked Out Ltd\n', true);
      expect([refused.status, refused.body]).toEqual([
        409,
        { message: M.data.import.busy, code: 'CONFLICT', requestId: expect.any(String) },
      ]);
      // A preview writes nothing and is not held up.
      expect((await importCsv(one, 'Company name\nLocked Out Ltd\n', false)).status).toBe(200);
    } finally {
      importing.open();
      await holding;
    }
    expect(
      await one.database.db.company.count({ where: { businessId: agency.businessId, name: 'Locked Out Ltd' } }),
    ).toBe(0);
    const accepted = await importCsv(one, 'Company name\nLocked Out Ltd\n', true);
    expect(accepted.status).toBe(200);
    expect(
      await one.database.db.company.count({ where: { businessId: agency.businessId, name: 'Locked Out Ltd' } }),
    ).toBe(1);
  });
});
