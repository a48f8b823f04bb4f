/**
 * The agency's own business (work-flows-account-portal.md §2.10, §3, §5, §7.5): its information and portal branding
 * for the account page, and the public branding the portal's login page reads by slug. The logo's bytes travel
 * outside tRPC (server/files/logo.ts); `replaceLogo` is the one place a business's logo changes.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  logoPath,
  type brandingInput,
  type brandStyleInput,
  type businessInfoInput,
  type messageEmailInput,
  type BusinessDetails,
} from '../../../shared/schemas/business';
import { changesOf, recordActivity, staffActor, type Actor, type ActivityWriter } from '../../activity';
import type { Database } from '../../db';
import type { FileStorage } from '../../files/storage';
import type { Prisma } from '../../generated/sqlite/client';
import { log } from '../../log';
import { raw, sql, TENANT, toBool, toInt } from '../../sql';
import type { AppScope } from '../../trpc';
import type { StaffScope } from '../context';

/** What an activity entry compares of the business (its account details and its portal style). */
const INFO_FIELDS = [
  'name',
  'email',
  'phone',
  'street1',
  'street2',
  'cityTown',
  'state',
  'zipcode',
  'country',
  'currency',
] as const;
const STYLE_FIELDS = ['primaryColor', 'secondaryColor', 'buttonTextColor', 'loginText'] as const;

const businessSelect = {
  id: true,
  name: true,
  slug: true,
  email: true,
  phone: true,
  street1: true,
  street2: true,
  cityTown: true,
  state: true,
  zipcode: true,
  country: true,
  primaryColor: true,
  secondaryColor: true,
  buttonTextColor: true,
  loginText: true,
  currency: true,
  logoKey: true,
  logoName: true,
  messageEmailDelayMinutes: true,
  messageEmailIncludesText: true,
} as const;

const BUSINESS_COLUMNS = raw(
  Object.keys(businessSelect)
    .map((column) => `"${column}"`)
    .join(', '),
);

type BusinessRow = Prisma.BusinessGetPayload<{ select: typeof businessSelect }>;

function businessFromRow(row: BusinessRow, publicUrl: string): BusinessDetails {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    portalUrl: `${publicUrl}/portal/${row.slug}`,
    logo: row.logoKey ? { url: logoPath(row.logoKey), name: row.logoName ?? '' } : null,
    currency: row.currency,
    location: {
      street1: row.street1,
      street2: row.street2,
      cityTown: row.cityTown,
      state: row.state,
      zipcode: row.zipcode,
      country: row.country,
    },
    style: {
      primaryColor: row.primaryColor,
      secondaryColor: row.secondaryColor,
      buttonTextColor: row.buttonTextColor,
      loginText: row.loginText,
    },
    messageEmail: {
      delayMinutes: toInt(row.messageEmailDelayMinutes),
      includesText: toBool(row.messageEmailIncludesText),
    },
  };
}

const businessNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.account.businessNotFound });
};

/** A new logo already in storage (or none): its key, the file's own name and the type its bytes were checked to be. */
export type StoredLogo = { key: string; name: string; mime: string } | null;

/**
 * Makes `next` the business's logo, then removes the file it replaces. Compare-and-swap on the old key in one
 * conditional UPDATE, so two uploads at once never both keep (or both delete) the same file: the loser finds the
 * winner's key and swaps again. The old file goes only after the row no longer names it; a failure to remove it is
 * logged, never undone.
 */
export async function replaceLogo(
  database: Database,
  storage: FileStorage,
  businessId: number,
  next: StoredLogo,
  actor: Actor,
) {
  for (let attempt = 0; attempt < 10; attempt++) {
    // The swap and its activity entry commit together; the old file goes only once they have.
    const old = await database.db.$transaction(async (tx) => {
      const current = await tx.business.findUnique({
        where: { id: businessId },
        select: { name: true, logoKey: true, logoName: true },
      });
      if (!current) return businessNotFound();
      const swapped = await tx.business.updateMany({
        where: { id: businessId, logoKey: current.logoKey },
        data: {
          logoKey: next?.key ?? null,
          logoName: next?.name ?? null,
          logoMime: next?.mime ?? null,
          updatedAt: new Date(),
        },
      });
      if (swapped.count !== 1) return undefined;
      if (current.logoKey !== null || next !== null) {
        await recordActivity(tx, businessId, actor, {
          entityType: 'business',
          entityId: businessId,
          entityName: current.name,
          action: next ? 'uploaded' : 'deleted',
          changes: [{ field: 'logo', from: current.logoKey ? current.logoName : null, to: next?.name ?? null }],
        });
      }
      return { key: current.logoKey };
    });
    if (old !== undefined) {
      if (old.key && old.key !== next?.key)
        await storage
          .remove(old.key)
          .catch((error: unknown) =>
            log.error({ err: error, key: old.key }, 'logo: the old logo could not be removed from storage'),
          );
      return;
    }
  }
  throw new Error('The logo changed too often at once; try again.');
}

/** Logs a change of the business's details or style in the write's transaction; nothing when nothing changed. */
async function logBusiness(
  tx: ActivityWriter,
  scope: Pick<StaffScope, 'businessId' | 'user'>,
  before: BusinessRow,
  after: BusinessRow,
  fields: readonly (keyof BusinessRow & string)[],
) {
  const changes = changesOf(before, after, fields);
  if (changes.length === 0) return;
  await recordActivity(tx, scope.businessId, staffActor(scope.user), {
    entityType: 'business',
    entityId: scope.businessId,
    entityName: after.name,
    action: 'updated',
    changes,
  });
}

type Scope = Pick<StaffScope, 'app' | 'db' | 'businessId' | 'user'>;

/** Writes the business's fields in one transaction with their activity entry; answers the account page's view. */
async function updateBusiness(
  scope: Scope,
  data: Prisma.BusinessUpdateInput,
  fields: readonly (keyof BusinessRow & string)[],
) {
  const row = await scope.db.$transaction(async (tx) => {
    const before =
      (await tx.business.findUnique({ where: { id: scope.businessId }, select: businessSelect })) ?? businessNotFound();
    const after = await tx.business.update({ where: { id: scope.businessId }, data, select: businessSelect });
    await logBusiness(tx, scope, before, after, fields);
    return after;
  });
  return businessFromRow(row, scope.app.env.publicUrl);
}

/** Any staff member may read it (members see the account page read-only). One hand-written statement. */
export async function getBusiness(scope: Pick<StaffScope, 'app' | 'sql'>) {
  const row = await scope.sql.get<BusinessRow>(sql`SELECT ${BUSINESS_COLUMNS} FROM "Business" WHERE "id" = ${TENANT}`);
  return businessFromRow(row ? { ...row, id: toInt(row.id) } : businessNotFound(), scope.app.env.publicUrl);
}

/** Name, e-mail, phone, location and (when given) the currency. */
export const updateBusinessInfo = (scope: Scope, input: z.infer<typeof businessInfoInput>) =>
  updateBusiness(
    scope,
    {
      name: input.name,
      email: input.email,
      phone: input.phone,
      ...input.location,
      ...(input.currency ? { currency: input.currency } : {}),
    },
    INFO_FIELDS,
  );

/** Unread messages by e-mail: the delay and whether the e-mail carries the text (server/domain/messages/email.ts). */
export const updateMessageEmail = (scope: Scope, input: z.infer<typeof messageEmailInput>) =>
  updateBusiness(
    scope,
    { messageEmailDelayMinutes: input.delayMinutes, messageEmailIncludesText: input.includesText },
    ['messageEmailDelayMinutes', 'messageEmailIncludesText'],
  );

/** The portal's colours and login text. */
export const updateBusinessStyle = (scope: Scope, input: z.infer<typeof brandStyleInput>) =>
  updateBusiness(scope, input, STYLE_FIELDS);

/** Back to the business name on the portal's login page. */
export async function removeLogo(scope: Scope) {
  await replaceLogo(scope.app.database, scope.app.storage, scope.businessId, null, staffActor(scope.user));
  const row = await scope.db.business.findUnique({ where: { id: scope.businessId }, select: businessSelect });
  return businessFromRow(row ?? businessNotFound(), scope.app.env.publicUrl);
}

/** Public, before anyone signs in (the portal's login page): by slug alone, on the unscoped runner (no tenant). */
export async function portalBranding(scope: { app: AppScope }, input: z.infer<typeof brandingInput>) {
  const row = await scope.app.database.sql.get<{
    name: string;
    logoKey: string | null;
    loginText: string;
    primaryColor: string;
    secondaryColor: string;
    buttonTextColor: string;
    clientMagicLinkOnly: unknown;
  }>(
    sql`SELECT "name", "logoKey", "loginText", "primaryColor", "secondaryColor", "buttonTextColor", "clientMagicLinkOnly" FROM "Business" WHERE "slug" = ${input.slug}`,
  );
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: M.account.brandingNotFound });
  return {
    businessName: row.name,
    logo: row.logoKey ? logoPath(row.logoKey) : null,
    loginText: row.loginText,
    style: {
      primaryColor: row.primaryColor,
      secondaryColor: row.secondaryColor,
      button_text_color: row.buttonTextColor,
    },
    // SQLite answers 0/1, PostgreSQL a boolean.
    magicLinkOnly: Boolean(Number(row.clientMagicLinkOnly)),
  };
}
