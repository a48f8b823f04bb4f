import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { FLOW_TYPES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { FLOW_LIMITS, flowFormSchema, type FlowForm } from '../../../../shared/schemas/flows';
import { cn } from '../../lib/cn';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextareaField, TextField } from '../../ui/Field';
import { applyServerIssues } from '../../ui/form';
import { CompanyField } from '../documents/PlaceFields';
import { FlowFromTemplateDialog } from '../templates/TemplateDialogs';
import { flowPath, flowTypeName, typeIcon, useInvalidateFlows } from './flowParts';

const F = M.flows;
const D = F.dialogFields;

const blank = (companyId?: number | null): FlowForm => ({
  name: '',
  description: '',
  workflowType: 'onboard',
  companyId: companyId ?? '',
});

type CreateFlowDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The company page's Create Flow: that company is chosen. */
  defaultCompanyId?: number | null;
};

/** 'Create Flow' (spec §2.8, §5): name and description required, a type, optionally a company; opens the new flow's editor. */
export function CreateFlowDialog({ open, onClose, defaultCompanyId }: CreateFlowDialogProps) {
  const form = useForm<FlowForm, unknown, z.output<typeof flowFormSchema>>({
    resolver: zodResolver(flowFormSchema),
    defaultValues: blank(defaultCompanyId),
  });
  const { register, control, reset, formState } = form;
  const errors = formState.errors;
  const navigate = useNavigate();
  const invalidate = useInvalidateFlows();

  // Every opening starts blank (with the page's company, if any).
  useEffect(() => {
    if (open) reset(blank(defaultCompanyId));
  }, [open, defaultCompanyId, reset]);

  const create = trpc.flows.create.useMutation({
    onSuccess: (flow) => {
      toast.success(F.created);
      void invalidate();
      onClose();
      void navigate(flowPath(flow));
    },
    onError: (error) => {
      applyServerIssues(error, form.setError, flowFormSchema);
      toast.error(F.createFailed, { description: errorText(error) ?? undefined });
    },
  });

  const onSubmit = form.handleSubmit(
    (values) => create.mutate({ ...values, companyId: values.companyId === '' ? null : values.companyId }),
    // The spec's one message for a missing name or description, also as a toast.
    (invalid) => {
      if (invalid.name || invalid.description) toast.error(F.requiredFields);
    },
  );

  const close = () => !create.isPending && onClose();
  const [fromTemplate, setFromTemplate] = useState(false);

  return (
    <>
      <Dialog open={open} onClose={close} title={F.create}>
        <form onSubmit={onSubmit} noValidate>
          <div className="space-y-4">
            <TextField
              label={D.name}
              required
              autoFocus
              autoComplete="off"
              maxLength={FLOW_LIMITS.nameMax}
              placeholder={D.namePlaceholder}
              error={errors.name?.message}
              {...register('name')}
            />
            <TextareaField
              label={D.description}
              required
              rows={3}
              maxLength={FLOW_LIMITS.descriptionMax}
              placeholder={D.descriptionPlaceholder}
              error={errors.description?.message}
              {...register('description')}
            />
            <Controller
              control={control}
              name="workflowType"
              render={({ field }) => (
                <fieldset>
                  <legend className="mb-1.5 block text-sm font-medium text-slate-700">{D.type}</legend>
                  <div className="grid gap-2 sm:grid-cols-3">
                    {FLOW_TYPES.map((type) => {
                      const Icon = typeIcon[type];
                      const chosen = field.value === type;
                      return (
                        <label
                          key={type}
                          className={cn(
                            'relative flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 sm:flex-col sm:gap-2',
                            chosen
                              ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                              : 'border-slate-300 bg-white hover:border-slate-400',
                          )}
                        >
                          <input
                            type="radio"
                            name={field.name}
                            value={type}
                            checked={chosen}
                            onChange={() => field.onChange(type)}
                            onBlur={field.onBlur}
                            className="sr-only"
                          />
                          <Icon
                            className={cn(
                              'mt-0.5 size-5 shrink-0 sm:mt-0',
                              chosen ? 'text-brand-700' : 'text-slate-400',
                            )}
                            aria-hidden
                          />
                          <span className="min-w-0">
                            <span className="block font-medium text-slate-900">{flowTypeName(type)}</span>
                            <span className="block text-xs text-slate-500">{F.typeHints[type]}</span>
                          </span>
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              )}
            />
            <Controller
              control={control}
              name="companyId"
              render={({ field }) => (
                <CompanyField
                  label={D.company}
                  error={errors.companyId?.message}
                  value={field.value as number | '' | null}
                  onChange={field.onChange}
                  fixedOptions={[{ value: '', label: F.noCompany }]}
                />
              )}
            />
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
            <Button
              variant="ghost"
              className="sm:mr-auto"
              disabled={create.isPending}
              onClick={() => {
                onClose();
                setFromTemplate(true);
              }}
            >
              {M.templates.fromTemplate}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              {F.cancel}
            </Button>
            <Button type="submit" busy={create.isPending}>
              {create.isPending ? F.creating : F.create}
            </Button>
          </div>
        </form>
      </Dialog>
      <FlowFromTemplateDialog
        open={fromTemplate}
        onClose={() => setFromTemplate(false)}
        defaultCompanyId={defaultCompanyId}
      />
    </>
  );
}
