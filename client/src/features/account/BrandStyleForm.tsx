import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { toast } from 'sonner';
import { Eye, EyeOff, RotateCcw, TriangleAlert } from 'lucide-react';
import { DEFAULT_BRAND_STYLE, LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import {
  brandStyleInput,
  type BrandStyle,
  type BrandStyleForm as FormValues,
  type BusinessDetails,
} from '../../../../shared/schemas/business';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { Button } from '../../ui/Button';
import { controlClass, Field } from '../../ui/Field';
import { buttonInk, type PortalBrand } from '../portal/branding';
import { ReadOnlyNotice, SettingsCard } from './accountParts';
import { BrandPreview } from './BrandPreview';
import { LogoField } from './LogoField';

const A = M.account;
const HEX = /^#[0-9a-f]{6}$/i;

type ColorName = 'primaryColor' | 'secondaryColor' | 'buttonTextColor';
const COLORS: { name: ColorName; label: string; hint: string }[] = [
  { name: 'primaryColor', label: A.primaryColor, hint: A.primaryHint },
  { name: 'secondaryColor', label: A.secondaryColor, hint: A.secondaryHint },
  { name: 'buttonTextColor', label: A.buttonTextColor, hint: A.buttonTextHint },
];

const valuesOf = (b: BusinessDetails): FormValues => ({ ...b.style });

/** A colour picker and its hex value, one value: either changes the other (spec §5: '#' and six hex digits). */
function ColorField({
  control,
  name,
  label,
  hint,
  saved,
}: {
  control: Control<FormValues>;
  name: ColorName;
  label: string;
  hint: string;
  saved: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} hint={hint} error={fieldState.error?.message}>
          {({ id, describedBy, invalid }) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={A.pickColor(label)}
                value={HEX.test(field.value ?? '') ? field.value!.toLowerCase() : saved}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                className="h-10 w-11 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed"
              />
              <input
                id={id}
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={7}
                spellCheck={false}
                autoCapitalize="none"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={cn(controlClass(invalid), 'min-w-0 font-mono')}
              />
            </div>
          )}
        </Field>
      )}
    />
  );
}

/**
 * Spec §2.10's Brand Style Settings: logo, three colours, login page text, a show/hide preview toggle and save.
 * The preview is the portal's real login page drawn with the values as they are typed, before they are saved.
 */
export function BrandStyleForm({ business, canEdit }: { business: BusinessDetails; canEdit: boolean }) {
  const utils = trpc.useUtils();
  const [showPreview, setShowPreview] = useState(true);
  // Checked on save, then as fields change (see BusinessInfoForm); the preview ignores a value until it is valid.
  const form = useForm<FormValues, unknown, BrandStyle>({
    resolver: zodResolver(brandStyleInput),
    defaultValues: valuesOf(business),
  });
  const { formState, control } = form;
  const values = useWatch({ control });
  const loginTextLength = (values.loginText ?? '').length;

  const update = trpc.business.updateStyle.useMutation({
    onSuccess: (saved) => {
      utils.business.get.setData(undefined, saved);
      form.reset(valuesOf(saved));
      void utils.business.branding.invalidate();
      void utils.dashboard.overview.invalidate();
      toast.success(A.settingsUpdated, { description: A.settingsUpdatedText });
    },
    onError: onFormError(form, Object.keys(business.style), ({ text }) =>
      toast.error(A.updateFailed, { description: text ?? A.settingsFailed }),
    ),
  });
  const onSubmit = form.handleSubmit((style) => update.mutate(style));

  // What the preview draws: each value as typed once it is valid, else the saved one.
  const color = (name: ColorName) => (HEX.test(values[name] ?? '') ? values[name]! : business.style[name]);
  const brand: PortalBrand = {
    businessName: business.name,
    logoUrl: business.logo?.url ?? null,
    loginText: values.loginText?.trim() ? values.loginText.trim() : business.style.loginText,
    primaryColor: color('primaryColor'),
    secondaryColor: color('secondaryColor'),
    buttonTextColor: color('buttonTextColor'),
  };
  const usesDefaults = COLORS.every(({ name }) => (values[name] ?? '').toLowerCase() === DEFAULT_BRAND_STYLE[name]);

  const previewToggle = (
    <Button variant="secondary" size="sm" onClick={() => setShowPreview((v) => !v)} aria-pressed={showPreview}>
      {showPreview ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      {showPreview ? A.hidePreview : A.showPreview}
    </Button>
  );

  return (
    <div className={cn('grid items-start gap-6', showPreview && 'xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]')}>
      <form onSubmit={onSubmit} noValidate className={cn(!showPreview && 'max-w-3xl')}>
        <SettingsCard
          title={A.brandTitle}
          text={A.brandText}
          actions={previewToggle}
          footer={
            canEdit && (
              <>
                {formState.isDirty && (
                  <Button variant="ghost" onClick={() => form.reset(valuesOf(business))} disabled={update.isPending}>
                    {A.discard}
                  </Button>
                )}
                <Button type="submit" busy={update.isPending} disabled={!formState.isDirty}>
                  {update.isPending ? A.saving : A.saveSettings}
                </Button>
              </>
            )
          }
        >
          {!canEdit && <ReadOnlyNotice />}
          <div className="@container space-y-6">
            <LogoField business={business} canEdit={canEdit} />
            <fieldset disabled={!canEdit} className="space-y-6 border-t border-slate-100 pt-5">
              <div>
                <div className="mb-3 flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold text-slate-900">{A.colors}</h3>
                  {canEdit && !usesDefaults && (
                    <button
                      type="button"
                      onClick={() => {
                        for (const { name } of COLORS)
                          form.setValue(name, DEFAULT_BRAND_STYLE[name], { shouldDirty: true, shouldValidate: true });
                      }}
                      className="inline-flex items-center gap-1 rounded-sm text-xs font-medium text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                    >
                      <RotateCcw className="size-3.5" aria-hidden /> {A.resetColors}
                    </button>
                  )}
                </div>
                <div className="grid gap-4 @2xl:grid-cols-3">
                  {COLORS.map((c) => (
                    <ColorField key={c.name} control={control} {...c} saved={business.style[c.name]} />
                  ))}
                </div>
                {buttonInk(brand) !== brand.buttonTextColor && (
                  <p
                    role="status"
                    className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800 ring-1 ring-amber-200"
                  >
                    <TriangleAlert className="mt-px size-4 shrink-0" aria-hidden />{' '}
                    {A.lowContrast(buttonInk(brand) === '#ffffff' ? A.white : A.black)}
                  </p>
                )}
              </div>
              <Field label={A.loginText} error={formState.errors.loginText?.message} required>
                {({ id, describedBy, invalid }) => (
                  <>
                    <textarea
                      id={id}
                      rows={3}
                      aria-invalid={invalid || undefined}
                      aria-describedby={[describedBy, `${id}-count`].filter(Boolean).join(' ')}
                      className={cn(controlClass(invalid), 'resize-y')}
                      {...form.register('loginText')}
                    />
                    <div className="flex justify-between gap-3 text-xs text-slate-500">
                      <span>{A.loginTextHint}</span>
                      <span
                        id={`${id}-count`}
                        className={cn(
                          'tabular-nums',
                          loginTextLength > LIMITS.loginTextMax && 'font-medium text-red-600',
                        )}
                      >
                        {A.characters(loginTextLength, LIMITS.loginTextMax)}
                      </span>
                    </div>
                  </>
                )}
              </Field>
            </fieldset>
          </div>
        </SettingsCard>
      </form>
      {showPreview && (
        <div className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5 xl:sticky xl:top-24">
          <BrandPreview brand={brand} slug={business.slug} portalUrl={business.portalUrl} />
        </div>
      )}
    </div>
  );
}
