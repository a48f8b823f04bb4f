import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { toast } from 'sonner';
import { Copy, ExternalLink } from 'lucide-react';
import { M } from '../../../../shared/messages';
import {
  businessInfoInput,
  type BusinessDetails,
  type BusinessInfo,
  type BusinessInfoForm as FormValues,
} from '../../../../shared/schemas/business';
import { trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { Button, buttonClass } from '../../ui/Button';
import { controlClass, Field, SelectField, TextField } from '../../ui/Field';
import { currencyCodes, currencyLabel } from '../../../../shared/money';
import { ReadOnlyNotice, SettingsCard } from './accountParts';

const A = M.account;

const valuesOf = (b: BusinessDetails): FormValues => ({
  name: b.name,
  email: b.email,
  phone: b.phone,
  location: { ...b.location },
  currency: b.currency,
});

/** The currencies this browser can format, A to Z by code ("USD — US Dollar"). */
const CURRENCY_OPTIONS = currencyCodes().map((code) => ({ code, label: currencyLabel(code) }));

/** Copies the client portal URL; says so either way. */
async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(A.copied);
  } catch {
    toast.error(A.copyFailed);
  }
}

/** Spec §2.10's Business Information form: name, read-only slug, the portal URL (copy, open), email, phone, address. */
export function BusinessInfoForm({ business, canEdit }: { business: BusinessDetails; canEdit: boolean }) {
  const utils = trpc.useUtils();
  // Checked on save, then as fields change: a message appearing on blur would move Save away from a click.
  const form = useForm<FormValues, unknown, BusinessInfo>({
    resolver: zodResolver(businessInfoInput),
    defaultValues: valuesOf(business),
  });
  const { register, formState } = form;
  const errors = formState.errors;

  const update = trpc.business.updateInfo.useMutation({
    onSuccess: (saved) => {
      utils.business.get.setData(undefined, saved);
      form.reset(valuesOf(saved));
      // The hub's header and the portal's login page show the name.
      void utils.auth.me.invalidate();
      void utils.business.branding.invalidate();
      toast.success(A.infoUpdated);
    },
    onError: onFormError(form, businessInfoInput, ({ text }) =>
      toast.error(A.updateFailed, { description: text ?? A.infoUpdateFailed }),
    ),
  });
  const onSubmit = form.handleSubmit((values) => update.mutate(values));

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-4xl">
      <SettingsCard
        title={A.businessTitle}
        text={A.businessText}
        footer={
          canEdit && (
            <>
              {formState.isDirty && (
                <Button variant="ghost" onClick={() => form.reset(valuesOf(business))} disabled={update.isPending}>
                  {A.discard}
                </Button>
              )}
              <Button type="submit" busy={update.isPending} disabled={!formState.isDirty}>
                {update.isPending ? A.saving : A.save}
              </Button>
            </>
          )
        }
      >
        {!canEdit && <ReadOnlyNotice />}
        {/* The slug and the portal URL stay usable (copy, open) when the rest is read-only. */}
        <div className="grid gap-5 sm:grid-cols-2">
          <fieldset disabled={!canEdit} className="contents">
            <TextField
              label={A.name}
              required
              autoComplete="organization"
              error={errors.name?.message}
              {...register('name')}
            />
          </fieldset>
          <TextField label={A.slug} value={business.slug} readOnly disabled hint={A.slugHint} />
          <Field label={A.portalUrl} hint={A.portalUrlHint} className="sm:col-span-2">
            {({ id, describedBy }) => (
              <div className="flex gap-2">
                <input
                  id={id}
                  value={business.portalUrl}
                  readOnly
                  aria-describedby={describedBy}
                  className={`${controlClass()} min-w-0 bg-slate-50 font-mono text-xs`}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <button
                  type="button"
                  className={buttonClass('secondary', 'md', 'shrink-0 px-3')}
                  onClick={() => void copyText(business.portalUrl)}
                  aria-label={A.copyUrl}
                  title={A.copyUrl}
                >
                  <Copy className="size-4" aria-hidden />
                  <span className="hidden sm:inline">{A.copy}</span>
                </button>
                <a
                  href={business.portalUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('secondary', 'md', 'shrink-0 px-3')}
                  aria-label={A.openUrl}
                  title={A.openUrl}
                >
                  <ExternalLink className="size-4" aria-hidden />
                  <span className="hidden sm:inline">{A.open}</span>
                </a>
              </div>
            )}
          </Field>
          <fieldset disabled={!canEdit} className="contents">
            <TextField
              label={A.email}
              type="email"
              required
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label={A.phone}
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...register('phone')}
            />

            <SelectField
              label={A.currency}
              hint={A.currencyHint}
              error={errors.currency?.message}
              {...register('currency')}
            >
              {CURRENCY_OPTIONS.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </SelectField>

            <div className="mt-2 border-t border-slate-100 pt-5 sm:col-span-2">
              <h3 className="text-sm font-semibold text-slate-900">
                {A.address} <span className="font-normal text-slate-500">{A.optional}</span>
              </h3>
              <p className="mt-1 text-xs text-slate-500">{A.addressHint}</p>
            </div>
            <TextField
              label={A.street1}
              autoComplete="address-line1"
              error={errors.location?.street1?.message}
              className="sm:col-span-2"
              {...register('location.street1')}
            />
            <TextField
              label={
                <>
                  {A.street2} <span className="font-normal text-slate-500">{A.optional}</span>
                </>
              }
              autoComplete="address-line2"
              error={errors.location?.street2?.message}
              className="sm:col-span-2"
              {...register('location.street2')}
            />
            <TextField
              label={A.cityTown}
              autoComplete="address-level2"
              error={errors.location?.cityTown?.message}
              {...register('location.cityTown')}
            />
            <TextField
              label={
                <>
                  {A.state} <span className="font-normal text-slate-500">{A.optional}</span>
                </>
              }
              autoComplete="address-level1"
              error={errors.location?.state?.message}
              {...register('location.state')}
            />
            <TextField
              label={A.zipcode}
              autoComplete="postal-code"
              error={errors.location?.zipcode?.message}
              {...register('location.zipcode')}
            />
            <TextField
              label={A.country}
              autoComplete="country-name"
              error={errors.location?.country?.message}
              {...register('location.country')}
            />
          </fieldset>
        </div>
      </SettingsCard>
    </form>
  );
}
