import { createStaffSession } from '../../server/auth/sessions';
import { hashPassword } from '../../server/auth/password';
import { newApiToken } from '../../server/auth/api-tokens';
import type { Agency } from './agencies';
import type { TestApp } from './app';

export type StaffUser = {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: string;
  token: string;
};

export const STAFF_PASSWORD = 'amber lantern orchard 2718';

let counter = 0;
/** One password hash for every fixture user (argon2 is slow on purpose). */
let passwordHash: Promise<string> | undefined;

/** Another staff user of an agency with a role and a signed-in session, written straight to the database. */
export async function addStaff(
  app: TestApp,
  agency: Pick<Agency, 'businessId'>,
  role: 'owner' | 'admin' | 'member',
  firstName = `Sam${counter}`,
): Promise<StaffUser> {
  const n = `${process.pid}-${Date.now().toString(36)}-${counter++}`;
  const email = `${role}-${n}@staff.test`;
  const user = await app.database.db.user.create({
    data: {
      businessId: agency.businessId,
      email,
      firstName,
      lastName: 'Staff',
      passwordHash: await (passwordHash ??= hashPassword(STAFF_PASSWORD)),
      role,
    },
    select: { id: true },
  });
  const { token } = await createStaffSession(app.database.db, user.id);
  return { id: user.id, email, password: STAFF_PASSWORD, firstName, lastName: 'Staff', role, token };
}

/** A personal API token of a user, written straight to the database (as apiTokens.create stores it). */
export async function addApiToken(app: TestApp, businessId: number, userId: number, name = 'Fixture token') {
  const { token, tokenHash, prefix } = newApiToken();
  const row = await app.database.db.apiToken.create({
    data: { businessId, userId, name, tokenHash, prefix },
    select: { id: true },
  });
  return { id: row.id, token };
}
