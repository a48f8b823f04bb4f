import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import '../../../shared/zod-messages';
import { z } from 'zod';
import { M } from '../../../shared/messages';
import { cn } from '../lib/cn';
import { errorCode, errorText, fieldIssues } from '../lib/trpc';
import { SelectField, TextareaField, TextField } from './Field';

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

/** The rows of a field that is an array of objects (also inside optional, default or a transform), else null. */
function arrayRow(schema: unknown): FormSchema | null {
  let s = schema as z.ZodType | undefined;
  for (let depth = 0; s && depth < 4; depth++) {
    if (s instanceof z.ZodArray) return s.element instanceof z.ZodObject ? (s.element as FormSchema) : null;
    if (s instanceof z.ZodPipe) s = (s.def.in instanceof z.ZodTransform ? s.def.out : s.def.in) as z.ZodType;
    else s = (s.def as { innerType?: z.ZodType }).innerType;
  }
  return null;
}

/**
 * Every field of a form's zod object as react-hook-form names it: a nested object's as 'location.street1', a row's
 * of an array of objects (useFieldArray) as 'details.*.key', '*' standing for any row.
 */
function fieldPaths(schema: FormSchema): string[] {
  return Object.entries(schema.shape).flatMap(([key, field]) => {
    if (field instanceof z.ZodObject) return [key, ...fieldPaths(field as FormSchema).map((path) => `${key}.${path}`)];
    const row = arrayRow(field);
    return row ? [key, ...fieldPaths(row).map((path) => `${key}.*.${path}`)] : [key];
  });
}

/** An issue's path as fieldPaths names its field: a row's number reads as '*' ('details.2.key' → 'details.*.key'). */
const anyRow = (path: string) => path.replace(/\.\d+(?=\.|$)/g, '.*');

/**
 * Puts the server's validation issues under their fields (the form's schema, or its field names in screen order),
 * a row's ('details.2.key') under that row's field; true when any of them named a field of the form. `focus` moves
 * to the first of them.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: FormSchema | readonly string[],
  { focus = false }: { focus?: boolean } = {},
): boolean {
  const names = Array.isArray(fields) ? fields : fieldPaths(fields as FormSchema);
  const place = (path: string) => names.indexOf(names.includes(path) ? path : anyRow(path));
  const issues = fieldIssues(error)
    .filter((i) => place(i.path) >= 0)
    .sort((a, b) => place(a.path) - place(b.path));
  issues.forEach((issue, i) => {
    setError(issue.path as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: focus && i === 0 });
  });
  return issues.length > 0;
}

/** A refused save as a form reports it: the server's readable text (null when none came back) and whether a field shows it. */
export type SaveFailure = { error: unknown; text: string | null; onFields: boolean };

/** A refusal that is no validation issue but belongs under a field (a taken e-mail, a company of another agency). */
export type FieldRefusal<T extends FieldValues> = (refusal: {
  code: string | undefined;
  text: string | null;
}) => { field: Path<T>; message: string } | null;

/**
 * A form's handler for a refused save, one place for every form: the refusal `fieldFor` places, else the server's
 * validation issues, under their fields; then `report` tells the rest (a toast, an alert).
 */
export function onFormError<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  fields: FormSchema | readonly string[],
  report: (failure: SaveFailure) => void,
  { focus = false, fieldFor }: { focus?: boolean; fieldFor?: FieldRefusal<T> } = {},
): (error: unknown) => void {
  return (error) => {
    const text = errorText(error);
    const refusal = fieldFor?.({ code: errorCode(error), text });
    if (refusal) form.setError(refusal.field, { type: 'server', message: refusal.message }, { shouldFocus: focus });
    const onFields = !!refusal || applyServerIssues(error, form.setError, fields, { focus });
    report({ error, text, onFields });
  };
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
  maxLength?: number;
  /** A text area of this many rows. */
  rows?: number;
  /** The label of a choice's option. */
  optionLabel?: (value: string) => string;
  /** A choice that starts with none chosen: this disabled first option, and the field marked required. */
  prompt?: string;
};

/** Renders a form's fields from their specs: a select for a z.enum, else a text input or area; required ones marked. */
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
            <SelectField key={f.name} {...common} required={!!f.prompt} {...form.register(f.name)}>
              {f.prompt && (
                <option value="" disabled>
                  {f.prompt}
                </option>
              )}
              {options.map((value) => (
                <option key={value} value={value}>
                  {f.optionLabel ? f.optionLabel(value) : value}
                </option>
              ))}
            </SelectField>
          );
        const text = {
          ...common,
          placeholder: f.placeholder,
          maxLength: f.maxLength,
          required: refusesEmpty(fieldSchema),
          ...form.register(f.name),
        };
        if (f.rows) return <TextareaField key={f.name} rows={f.rows} {...text} />;
        return <TextField key={f.name} type={f.type ?? 'text'} autoComplete={f.autoComplete} {...text} />;
      })}
    </>
  );
}

type MutationHook<TInput> = (opts: { onSuccess: (data: unknown) => void; onError: (error: unknown) => void }) => {
  mutate: (input: TInput) => void;
  isPending: boolean;
};

type SaveMessages = {
  created: { title: string; text: string };
  updated: { title: string; text: string };
  /** The error toast's text; `serverText` is null when no readable reply came back. */
  createFailed: (serverText: string | null, error: unknown) => string;
  updateFailed: (serverText: string | null, error: unknown) => string;
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
  /**
   * What the server returned, before the success toast; a sentence it returns ends that toast's text (one toast at a
   * time: a second toast for the same save would replace the first before anyone read it).
   */
  onReply?: (data: unknown) => string | undefined;
  /** The server refused some fields (e.g. show the tab they are on). */
  onFieldIssues?: () => void;
  /** A refusal that belongs under a field though it is no validation issue. */
  fieldFor?: FieldRefusal<TForm>;
}) {
  const { form, schema, messages, invalidate, onSaved, onReply, onFieldIssues, fieldFor } = opts;
  const handlers = (kind: 'create' | 'update') => ({
    onSuccess: (data: unknown) => {
      const more = onReply?.(data);
      const done = kind === 'create' ? messages.created : messages.updated;
      toast.success(done.title, { description: more ? `${done.text} ${more}` : done.text });
      invalidate();
      onSaved();
    },
    onError: onFormError(
      form,
      schema,
      ({ error, text, onFields }) => {
        if (onFields) onFieldIssues?.();
        const failed = kind === 'create' ? messages.createFailed : messages.updateFailed;
        toast.error(M.common.error, { description: failed(text, error) });
      },
      { fieldFor },
    ),
  });
  const create = opts.create.useMutation(handlers('create'));
  const update = opts.update.useMutation(handlers('update'));
  return { create: create.mutate, update: update.mutate, pending: create.isPending || update.isPending };
}
