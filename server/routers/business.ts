/**
 * The agency's own business (work-flows-account-portal.md §2.10, §3, §5, §7.5): its information and portal branding
 * for the account page, and the public branding the portal's login page reads by slug. The logo's bytes travel
 * outside tRPC (server/files/logo.ts); `replaceLogo` is the one place a business's logo changes.
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import {
  brandingInput,
  brandStyleInput,
  businessInfoInput,
  businessOutput,
  logoPath,
  portalBrandingOutput,
  type BusinessDetails,
} from '../../shared/schemas/business';
import type { Database } from '../db';
import type { FileStorage } from '../files/storage';
import { log } from '../log';
import { raw, sql, TENANT, toInt } from '../sql';
import { permittedProcedure, publicProcedure, router, staffProcedure } from '../trpc';
import { changesOf, recordActivity, staffActor, type Actor, type ActivityWriter } from '../activity';

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
  logoKey: true,
  logoName: true,
} as const;

const BUSINESS_COLUMNS = raw(
  Object.keys(businessSelect)
    .map((column) => `"${column}"`)
    .join(', '),
);

type BusinessRow = {
  [K in keyof typeof businessSelect]: K extends 'id'
    ? number
    : K extends 'logoKey' | 'logoName'
      ? string | null
      : string;
};

function businessFromRow(row: BusinessRow, publicUrl: string): BusinessDetails {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    portalUrl: `${publicUrl}/portal/${row.slug}`,
    logo: row.logoKey ? { url: logoPath(row.logoKey), name: row.logoName ?? '' } : null,
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
  ctx: { businessId: number; user: { id: number; firstName: string; lastName: string } },
  before: BusinessRow,
  after: BusinessRow,
  fields: readonly (keyof BusinessRow & string)[],
) {
  const changes = changesOf(before, after, fields);
  if (changes.length === 0) return;
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'business',
    entityId: ctx.businessId,
    entityName: after.name,
    action: 'updated',
    changes,
  });
}

export const businessRouter = router({
  /** GET /api/business: any staff member may read it (members see the account page read-only). */
  // One hand-written statement (a read on every visit of the account page; the bench compares it with raw SQL).
  get: staffProcedure.output(businessOutput).query(async ({ ctx }) => {
    const row = await ctx.sql.get<BusinessRow>(sql`SELECT ${BUSINESS_COLUMNS} FROM "Business" WHERE "id" = ${TENANT}`);
    return businessFromRow(row ? { ...row, id: toInt(row.id) } : businessNotFound(), ctx.app.env.publicUrl);
  }),

  /** PUT /api/business/info {name, email, phone, location}. */
  updateInfo: permittedProcedure('account.manage')
    .input(businessInfoInput)
    .output(businessOutput)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.$transaction(async (tx) => {
        const before =
          (await tx.business.findUnique({ where: { id: ctx.businessId }, select: businessSelect })) ??
          businessNotFound();
        const after = await tx.business.update({
          where: { id: ctx.businessId },
          data: { name: input.name, email: input.email, phone: input.phone, ...input.location },
          select: businessSelect,
        });
        await logBusiness(tx, ctx, before, after, INFO_FIELDS);
        return after;
      });
      return businessFromRow(row, ctx.app.env.publicUrl);
    }),

  /** PUT /api/business/style {primary_color, secondary_color, button_text_color, login_text}. */
  updateStyle: permittedProcedure('branding.manage')
    .input(brandStyleInput)
    .output(businessOutput)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.$transaction(async (tx) => {
        const before =
          (await tx.business.findUnique({ where: { id: ctx.businessId }, select: businessSelect })) ??
          businessNotFound();
        const after = await tx.business.update({ where: { id: ctx.businessId }, data: input, select: businessSelect });
        await logBusiness(tx, ctx, before, after, STYLE_FIELDS);
        return after;
      });
      return businessFromRow(row, ctx.app.env.publicUrl);
    }),

  /** DELETE /api/business/logo: back to the business name on the portal's login page. */
  removeLogo: permittedProcedure('branding.manage')
    .output(businessOutput)
    .mutation(async ({ ctx }) => {
      await replaceLogo(ctx.app.database, ctx.app.storage, ctx.businessId, null, staffActor(ctx.user));
      const row = await ctx.db.business.findUnique({ where: { id: ctx.businessId }, select: businessSelect });
      return businessFromRow(row ?? businessNotFound(), ctx.app.env.publicUrl);
    }),

  /** GET /api/business/branding/{slug}: public (the portal's login page, before anyone signs in). */
  branding: publicProcedure
    .input(brandingInput)
    .output(portalBrandingOutput)
    .query(async ({ ctx, input }) => {
      // Public, before anyone signs in: by slug alone, on the unscoped runner (no session, so no tenant).
      const row = await ctx.app.database.sql.get<{
        name: string;
        logoKey: string | null;
        loginText: string;
        primaryColor: string;
        secondaryColor: string;
        buttonTextColor: string;
      }>(
        sql`SELECT "name", "logoKey", "loginText", "primaryColor", "secondaryColor", "buttonTextColor" FROM "Business" WHERE "slug" = ${input.slug}`,
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
      };
    }),
});
