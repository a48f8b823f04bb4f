/**
 * The agency's business information and portal branding (work-flows-account-portal.md §3, §5, §7.5): the rules of
 * the Business Information and Brand Style Settings forms, used by the procedures and by react-hook-form alike.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { M } from '../messages';
import { isKnownCurrency } from '../money';

const A = M.account;

/** Optional text, stored as '' when absent (the columns are NOT NULL with '' as default). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

const EMPTY_LOCATION = { street1: '', street2: '', cityTown: '', state: '', zipcode: '', country: '' };

/**
 * The address (spec §3 `location`: street_1, street_2, city_town, state, zipcode, country), optional as a whole
 * (issue 29): all empty (or no location given) stores none; once any part is filled in, street, city, zip code and
 * country are needed. The state is optional (many countries have none).
 */
const businessLocationSchema = z
  .object({
    street1: optionalText(200),
    street2: optionalText(200),
    cityTown: optionalText(100),
    state: optionalText(100),
    zipcode: optionalText(20),
    country: optionalText(100),
  })
  .optional()
  .transform((v) => v ?? EMPTY_LOCATION)
  .superRefine((location, ctx) => {
    if (!Object.values(location).some(Boolean)) return;
    const needed = [
      ['street1', A.streetRequired],
      ['cityTown', A.cityRequired],
      ['zipcode', A.zipRequired],
      ['country', A.countryRequired],
    ] as const;
    for (const [field, message] of needed)
      if (!location[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  });

/** An ISO 4217 code this installation can format (shared/money.ts), stored upper-case. */
export const currencySchema = z
  .string({ error: A.invalidCurrency })
  .trim()
  .toUpperCase()
  .refine(isKnownCurrency, A.invalidCurrency);

/**
 * PUT /api/business/info {name, email, phone, location, currency}; the slug is not editable. A call without a
 * currency keeps the agency's.
 */
export const businessInfoInput = z.object({
  name: z.string({ error: A.nameRequired }).trim().min(1, A.nameRequired).max(LIMITS.businessNameMax, A.nameTooLong),
  email: z
    .string({ error: A.invalidEmail })
    .trim()
    .max(254, A.invalidEmail)
    .pipe(z.email({ error: A.invalidEmail })),
  phone: optionalText(40),
  location: businessLocationSchema,
  currency: currencySchema.optional(),
});
export type BusinessInfoForm = z.input<typeof businessInfoInput>;
export type BusinessInfo = z.output<typeof businessInfoInput>;

/** '#' and six hex digits, stored lower-case. */
export const hexColorSchema = z
  .string({ error: A.invalidHex })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, A.invalidHex)
  .transform((v) => v.toLowerCase());

export const loginTextSchema = z
  .string({ error: A.loginTextRequired })
  .trim()
  .min(1, A.loginTextRequired)
  .max(LIMITS.loginTextMax, A.loginTextTooLong);

/** PUT /api/business/style {primary_color, secondary_color, button_text_color, login_text}. */
export const brandStyleInput = z.object({
  primaryColor: hexColorSchema,
  secondaryColor: hexColorSchema,
  buttonTextColor: hexColorSchema,
  loginText: loginTextSchema,
});
export type BrandStyleForm = z.input<typeof brandStyleInput>;
export type BrandStyle = z.output<typeof brandStyleInput>;

/** The logo as the business answers it: its public address (changes with every new logo) and its file's name. */
export const logoOutput = z.object({ url: z.string(), name: z.string() });

/** GET /api/business: the business with style, logo and location (spec §3, §7.5). */
export const businessOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  phone: z.string(),
  /** `${PUBLIC_URL}/portal/${slug}` (spec §9). */
  portalUrl: z.string(),
  logo: logoOutput.nullable(),
  /** ISO 4217: every amount of the agency is shown in it. */
  currency: z.string(),
  location: z.object({
    street1: z.string(),
    street2: z.string(),
    cityTown: z.string(),
    state: z.string(),
    zipcode: z.string(),
    country: z.string(),
  }),
  style: z.object({
    primaryColor: z.string(),
    secondaryColor: z.string(),
    buttonTextColor: z.string(),
    loginText: z.string(),
  }),
  /** Unread messages by e-mail (issue 30): after how many minutes, and with the text or only a link. */
  messageEmail: z.object({ delayMinutes: z.number().int(), includesText: z.boolean() }),
});
export type BusinessDetails = z.infer<typeof businessOutput>;

/** GET /api/business/branding/{slug}: any string; a slug no agency uses answers 404. */
export const brandingInput = z.object({
  slug: z.string().trim().toLowerCase().min(1, M.portalAuth.slugRequired).max(100),
});

/**
 * Portal branding as the portal reads it (spec §3), with the spec's mixed naming kept as it is:
 * businessName, logo (address or null), loginText, style {primaryColor, secondaryColor, button_text_color}.
 */
export const portalBrandingOutput = z.object({
  businessName: z.string(),
  logo: z.string().nullable(),
  loginText: z.string(),
  style: z.object({
    primaryColor: z.string(),
    secondaryColor: z.string(),
    button_text_color: z.string(),
  }),
  /** The agency signs its clients in with e-mailed links only (issue 32): the sign-in page shows no password. */
  magicLinkOnly: z.boolean(),
});
export type PortalBrandingReply = z.infer<typeof portalBrandingOutput>;

/** The logo's public path: the storage key is `{businessId}/{uuid}`, new for every upload. */
export const logoPath = (logoKey: string) => `/api/business/logo/${logoKey}`;

/** What the browser may check before uploading (the server checks the bytes themselves). */
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const LOGO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;

/** The longest delay before an unread message is e-mailed: a day. */
const MESSAGE_EMAIL_DELAY_MAX = 1440;

/** PUT /api/business/message-email {delay_minutes, includes_text}: unread messages by e-mail. */
export const messageEmailInput = z.object({
  delayMinutes: z
    .number(M.account.messageEmailDelayInvalid)
    .int(M.account.messageEmailDelayInvalid)
    .min(1, M.account.messageEmailDelayInvalid)
    .max(MESSAGE_EMAIL_DELAY_MAX, M.account.messageEmailDelayInvalid),
  includesText: z.boolean(),
});
export type MessageEmailForm = z.input<typeof messageEmailInput>;
