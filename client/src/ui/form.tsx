import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import '../../../shared/zod-messages';
import { z } from 'zod';
import { M } from '../../../shared/messages';
import { cn } from '../lib/cn';
import { errorText, fieldIssues } from '../lib/trpc';
import { SelectField, TextField } from './Field';

type Shape = z.core.$ZodLooseShape;
type FormSchema = z.ZodObject<Shape>;

/** The options of a field whose schema is a z.enum (also inside optional/default), else null. */
function enumOptions(schema: unknown): string[] | null {
  let s = schema as { options?: unknown; unwrap?: () => unknown; def?: { innerType?: unknown } } | undefined;
  for (let depth = 0; s && depth < 4; depth++) {
    if (s instanceof z.ZodEnum) return (s.options as (string | number)[]).map(String);
    s = (s.def?.innerType ?? undefined) as typeof s;
  }
  return null;
}

/** A text field is required when its schema refuses an empty value. */
const refusesEmpty = (schema: z.ZodType) => !schema.safeParse('').success;

/**
 * A form's blank values, from its zod object: '' for text, the first option for a choice, unless `overrides`
 * says otherwise. A new field in the shared schema is a new default here without a line of code.
 */
export function formDefaults<T extends FieldValues>(schema: FormSchema, overrides: Partial<T> = {}): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape))
    out[key] = overrides[key as keyof T] ?? enumOptions(field)?.[0] ?? '';
  return out as T;
}

/** A stored row's values for the form: each field of the schema from the row, empty (null) as the blank value. */
export function formValuesOf<T extends FieldValues>(
  schema: FormSchema,
  row: Record<string, unknown> | null,
  defaults: T,
): T {
  if (!row) return defaults;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) out[key] = row[key] ?? defaults[key as keyof T];
  return out as T;
}

/** Puts the server's validation issues under their fields; true when any of them named a field of the form. */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  schema: FormSchema,
): boolean {
  const fields = Object.keys(schema.shape);
  const issues = fieldIssues(error).filter((i) => fields.includes(i.path));
  for (const issue of issues) setError(issue.path as Path<T>, { type: 'server', message: issue.message });
  return issues.length > 0;
}

/** One line of a form: which field, its label, and how it looks. Control kind and required come from the schema. */
export type FormFieldSpec<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  placeholder?: string;
  type?: 'text' | 'url' | 'tel' | 'email';
  /** Spans both columns. */
  wide?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  /** The label of a choice's option. */
  optionLabel?: (value: string) => string;
};

/** Renders a form's fields from their specs: a select for a z.enum, a text input otherwise; required ones are marked. */
export function FormFields<T extends FieldValues>({
  form,
  schema,
  fields,
}: {
  form: UseFormReturn<T>;
  schema: FormSchema;
  fields: FormFieldSpec<T>[];
}) {
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <>
      {fields.map((f) => {
        const fieldSchema = schema.shape[f.name] as z.ZodType;
        const options = enumOptions(fieldSchema);
        const common = {
          label: f.label,
          error: errors[f.name]?.message,
          className: cn(f.wide && 'sm:col-span-2'),
          autoFocus: f.autoFocus,
        };
        if (options)
          return (
            <SelectField key={f.name} {...common} {...form.register(f.name)}>
              {options.map((value) => (
                <option key={value} value={value}>
                  {f.optionLabel ? f.optionLabel(value) : value}
                </option>
              ))}
            </SelectField>
          );
        return (
          <TextField
            key={f.name}
            {...common}
            type={f.type ?? 'text'}
            placeholder={f.placeholder}
            autoComplete={f.autoComplete}
            required={refusesEmpty(fieldSchema)}
            {...form.register(f.name)}
          />
        );
      })}
    </>
  );
}

type MutationHook<TInput> = (opts: { onSuccess: () => void; onError: (error: unknown) => void }) => {
  mutate: (input: TInput) => void;
  isPending: boolean;
};

type SaveMessages = {
  created: { title: string; text: string };
  updated: { title: string; text: string };
  /** The error toast's text; `serverText` is null when no readable reply came back. */
  createFailed: (serverText: string | null) => string;
  updateFailed: (serverText: string | null) => string;
};

/**
 * Create and update for an add/edit dialog, with the spec's feedback in one place: the success toast, the
 * error toast (never programmer text), server validation issues under their fields, the list refreshed,
 * the dialog closed.
 */
export function useSaveMutation<TCreate, TUpdate, TForm extends FieldValues>(opts: {
  create: { useMutation: MutationHook<TCreate> };
  update: { useMutation: MutationHook<TUpdate> };
  form: UseFormReturn<TForm>;
  schema: FormSchema;
  messages: SaveMessages;
  /** Refreshes what the save changed (lists, filters). */
  invalidate: () => void;
  onSaved: () => void;
  /** The server refused some fields (e.g. show the tab they are on). */
  onFieldIssues?: () => void;
}) {
  const { form, schema, messages, invalidate, onSaved, onFieldIssues } = opts;
  const handlers = (kind: 'create' | 'update') => ({
    onSuccess: () => {
      const done = kind === 'create' ? messages.created : messages.updated;
      toast.success(done.title, { description: done.text });
      invalidate();
      onSaved();
    },
    onError: (error: unknown) => {
      if (applyServerIssues(error, form.setError, schema)) onFieldIssues?.();
      const text = errorText(error);
      toast.error(M.common.error, {
        description: kind === 'create' ? messages.createFailed(text) : messages.updateFailed(text),
      });
    },
  });
  const create = opts.create.useMutation(handlers('create'));
  const update = opts.update.useMutation(handlers('update'));
  return { create: create.mutate, update: update.mutate, pending: create.isPending || update.isPending };
}
