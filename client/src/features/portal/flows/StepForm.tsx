import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '../../../lib/zodResolver';
import { FileCheck2, Upload } from 'lucide-react';
import { formatFileSize } from '../../../../../shared/file-size';
import { M } from '../../../../../shared/messages';
import {
  answerKey,
  stepFormSchema,
  type AnswerValue,
  type PortalAnswer,
  type PortalFlowField,
} from '../../../../../shared/schemas/portal-flows';
import { cn } from '../../../lib/cn';
import { controlClass, Field, RequiredMark } from '../../../ui/Field';

const P = M.portalFlows;

type Values = Record<string, AnswerValue>;
type FileRef = { id: number; name: string; size: number };

/** What the page asks of a step's form: its answers when valid (null: shown errors), or as they are. */
export type StepFormHandle = {
  validAnswers: () => Promise<{ field: number; value: AnswerValue }[] | null>;
  /** Answers only if they pass the rules right now, without showing errors (for Back). */
  quietAnswers: () => { field: number; value: AnswerValue }[] | null;
  showServerError: (fieldId: number | null, message: string) => void;
};

/** Sends the file with XMLHttpRequest (progress events); the portal cookie authenticates it. */
function sendFile(
  flowId: number,
  fieldId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<FileRef> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('flowId', String(flowId));
    body.append('fieldId', String(fieldId));
    body.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/portal/flows/upload');
    xhr.upload.onprogress = (e) =>
      onProgress(e.lengthComputable ? Math.floor((e.loaded / Math.max(1, e.total)) * 100) : 0);
    xhr.onload = () => {
      let message: string | null = null;
      try {
        const reply = JSON.parse(xhr.responseText) as { message?: string; file?: FileRef };
        if (xhr.status === 201 && reply.file) return resolve(reply.file);
        message = reply.message ?? null;
      } catch {
        // falls through
      }
      reject(new Error(message ?? P.uploadFailed));
    };
    xhr.onerror = () => reject(new Error(P.uploadFailed));
    xhr.send(body);
  });
}

function FileControl({
  id,
  describedBy,
  invalid,
  flowId,
  field,
  file,
  onUploaded,
}: {
  id: string;
  describedBy?: string;
  invalid: boolean;
  flowId: number;
  field: PortalFlowField;
  file: FileRef | null;
  onUploaded: (file: FileRef) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    setPercent(0);
    try {
      onUploaded(await sendFile(flowId, field.id, chosen, setPercent));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div
      className={cn(
        'rounded-lg border border-dashed px-3 py-3',
        invalid ? 'border-red-400 bg-red-50/40' : 'border-slate-300 bg-slate-50',
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        {file ? (
          <FileCheck2 className="size-5 shrink-0 text-emerald-600" aria-hidden />
        ) : (
          <Upload className="size-5 shrink-0 text-slate-400" aria-hidden />
        )}
        <div className="min-w-0 flex-1 text-sm">
          {file ? (
            <>
              <p className="truncate font-medium text-slate-900">{file.name}</p>
              <p className="text-xs text-slate-500">{formatFileSize(file.size)}</p>
            </>
          ) : (
            <p className="text-slate-500">{P.noFileYet}</p>
          )}
        </div>
        <label
          className={cn(
            'inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs ring-1 ring-slate-300 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-500',
            percent !== null && 'pointer-events-none opacity-60',
          )}
        >
          {file ? P.replaceFile : P.chooseFile}
          <input
            ref={input}
            id={id}
            type="file"
            className="sr-only"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            disabled={percent !== null}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
      </div>
      {percent !== null && (
        <div className="mt-3" role="status">
          <div className="h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden>
            <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600">{P.uploading(percent)}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function initialValues(fields: PortalFlowField[], answers: PortalAnswer[]): Values {
  const byField = new Map(answers.map((a) => [a.fieldId, a]));
  return Object.fromEntries(
    fields.map((f) => {
      const answer = byField.get(f.id);
      if (f.fieldType === 'checkbox') return [answerKey(f.id), answer?.value === 'true'];
      if (f.fieldType === 'file') return [answerKey(f.id), answer?.file ? String(answer.file.id) : ''];
      return [answerKey(f.id), answer?.value ?? ''];
    }),
  );
}

function Control({
  form,
  field,
  flowId,
  files,
  setFile,
}: {
  form: UseFormReturn<Values>;
  field: PortalFlowField;
  flowId: number;
  files: Map<number, FileRef>;
  setFile: (id: number, f: FileRef) => void;
}) {
  const key = answerKey(field.id);
  const error = form.formState.errors[key]?.message as string | undefined;
  if (field.fieldType === 'checkbox') {
    return (
      <div className="space-y-1">
        <label className="flex items-start gap-2.5 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            {...form.register(key)}
            aria-invalid={!!error || undefined}
            className="mt-0.5 size-4 rounded accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500"
          />
          <span>
            {field.fieldLabel}
            {field.isRequired && <RequiredMark />}
          </span>
        </label>
        {field.helpText && !error && <p className="pl-6.5 text-xs text-slate-500">{field.helpText}</p>}
        {error && (
          <p role="alert" className="pl-6.5 text-xs font-medium text-red-600">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <Field label={field.fieldLabel} required={field.isRequired} error={error} hint={field.helpText ?? undefined}>
      {({ id, describedBy, invalid }) => {
        const common = {
          id,
          'aria-describedby': describedBy,
          'aria-invalid': invalid || undefined,
          'aria-required': field.isRequired || undefined,
        };
        if (field.fieldType === 'textarea')
          return <textarea rows={5} {...common} {...form.register(key)} className={controlClass(invalid)} />;
        if (field.fieldType === 'select')
          return (
            <select {...common} {...form.register(key)} className={controlClass(invalid)}>
              <option value="">{P.selectPlaceholder}</option>
              {field.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          );
        if (field.fieldType === 'file')
          return (
            <Controller
              control={form.control}
              name={key}
              render={({ field: f }) => (
                <FileControl
                  id={id}
                  describedBy={describedBy}
                  invalid={invalid}
                  flowId={flowId}
                  field={field}
                  file={f.value ? (files.get(field.id) ?? null) : null}
                  onUploaded={(file) => {
                    setFile(field.id, file);
                    form.setValue(key, String(file.id), { shouldValidate: true });
                  }}
                />
              )}
            />
          );
        return (
          <input
            type={field.fieldType === 'date' ? 'date' : 'text'}
            {...common}
            {...form.register(key)}
            className={controlClass(invalid)}
          />
        );
      }}
    </Field>
  );
}

/** A collect step's form: react-hook-form with the zod schema built from the step's fields (the server's rules). */
export const StepForm = forwardRef<
  StepFormHandle,
  { flowId: number; fields: PortalFlowField[]; answers: PortalAnswer[] }
>(function StepForm({ flowId, fields, answers }, ref) {
  const schema = stepFormSchema(fields);
  const form = useForm<Values>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: initialValues(fields, answers),
    mode: 'onTouched',
  });
  const [files, setFiles] = useState(
    () => new Map(answers.flatMap((a) => (a.file ? [[a.fieldId, a.file] as const] : []))),
  );
  const toAnswers = (values: Values) => fields.map((f) => ({ field: f.id, value: values[answerKey(f.id)] ?? '' }));

  useImperativeHandle(ref, () => ({
    validAnswers: () =>
      new Promise((resolve) => {
        void form.handleSubmit(
          (values) => resolve(toAnswers(values)),
          () => resolve(null),
        )();
      }),
    quietAnswers: () => {
      const values = form.getValues();
      return schema.safeParse(values).success ? toAnswers(values) : null;
    },
    showServerError: (fieldId, message) => {
      if (fieldId !== null && fields.some((f) => f.id === fieldId))
        form.setError(answerKey(fieldId), { message }, { shouldFocus: true });
    },
  }));

  if (fields.length === 0) return <p className="text-sm text-slate-500 italic">{P.noFields}</p>;
  return (
    <form noValidate onSubmit={(e) => e.preventDefault()} className="space-y-5">
      {fields.map((field) => (
        <Control
          key={field.id}
          form={form}
          field={field}
          flowId={flowId}
          files={files}
          setFile={(id, f) => setFiles((m) => new Map(m).set(id, f))}
        />
      ))}
    </form>
  );
});
