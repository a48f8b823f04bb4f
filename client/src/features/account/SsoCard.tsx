import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import type { SsoAudience, SsoConnectionView } from '../../../../shared/schemas/sso';
import { errorText, trpc } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Alert, Skeleton } from '../../ui/Feedback';
import { Field, SelectField, TextField } from '../../ui/Field';
import { onFormError } from '../../ui/form';
import { Switch } from '../../ui/Switch';
import { CompanyPicker } from '../contacts/CompanyPicker';
import { SettingsCard } from './accountParts';

const T = M.sso;

type FormValues = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string;
  defaultRole: 'admin' | 'member';
  autoCreateCompanyId: string;
  enabled: boolean;
  required: boolean;
};
const FIELDS = ['issuer', 'clientId', 'clientSecret', 'allowedDomains', 'defaultRole', 'autoCreateCompanyId'] as const;

const valuesOf = (connection: SsoConnectionView | null): FormValues => ({
  issuer: connection?.issuer ?? '',
  clientId: connection?.clientId ?? '',
  clientSecret: '',
  allowedDomains: connection?.allowedDomains.join(', ') ?? '',
  defaultRole: connection?.defaultRole === 'admin' ? 'admin' : 'member',
  autoCreateCompanyId: connection?.autoCreateCompanyId ? String(connection.autoCreateCompanyId) : '',
  enabled: connection?.enabled ?? true,
  required: connection?.required ?? false,
});

/** The redirect URL to register at the provider, with a copy button. */
function RedirectUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Field label={T.redirectLabel}>
      {({ id, describedBy }) => (
        <div className="flex gap-2">
          <input
            id={id}
            aria-describedby={describedBy}
            readOnly
            value={url}
            className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => {
              void navigator.clipboard?.writeText(url);
              setCopied(true);
            }}
          >
            {copied ? T.copied : T.copy}
          </Button>
        </div>
      )}
    </Field>
  );
}

/** "Test connection": opens the provider in a new tab and reads what it sent once the owner is back. */
function TestConnection({ audience }: { audience: SsoAudience }) {
  const [test, setTest] = useState<string | null>(null);
  const start = trpc.sso.startTest.useMutation({ onError: (error) => toast.error(errorText(error) ?? T.loadFailed) });
  const result = trpc.sso.testResult.useQuery(
    { test: test ?? '' },
    { enabled: test !== null, refetchInterval: (q) => (q.state.data?.done ? false : 2000) },
  );
  const run = () => {
    // The tab opens in the click itself (pop-up blockers), then goes to the provider once the flow exists.
    const tab = window.open('about:blank', '_blank');
    start.mutate(
      { audience },
      {
        onSuccess: ({ testId, url }) => {
          setTest(testId);
          if (tab) tab.location.href = url;
          else toast.error(T.testPopupBlocked);
        },
        onError: () => tab?.close(),
      },
    );
  };
  const data = result.data;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" onClick={run} disabled={start.isPending}>
          {T.test}
        </Button>
        <p className="text-xs text-slate-500">{T.testHint}</p>
      </div>
      {test && !data?.done && <p className="text-sm text-slate-600">{T.testWaiting}</p>}
      {data?.done && (
        <div
          className={
            data.ok
              ? 'rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200'
              : 'rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200'
          }
        >
          <p className="font-medium">{data.ok ? T.testOk : `${T.testFailed} ${data.error ?? ''}`}</p>
          {data.claims && (
            <pre className="mt-2 max-h-64 overflow-auto rounded bg-white/70 p-2 font-mono text-xs">
              {JSON.stringify(data.claims, null, 2)}
            </pre>
          )}
        </div>
      )}
    </div>
  );
}

/** One connection's form: the team's (role, require SSO) or the clients' (company for new contacts). */
function ConnectionForm({
  audience,
  connection,
  redirectUrl,
  onDone,
}: {
  audience: SsoAudience;
  connection: SsoConnectionView | null;
  redirectUrl: string;
  onDone: () => void;
}) {
  const utils = trpc.useUtils();
  const form = useForm<FormValues>({ defaultValues: valuesOf(connection) });
  const { register, handleSubmit, control, formState } = form;
  const [alert, setAlert] = useState<string | null>(null);
  const save = trpc.sso.save.useMutation({
    onSuccess: () => {
      toast.success(T.saved);
      void utils.sso.settings.invalidate();
      onDone();
    },
    onError: onFormError(form, FIELDS, ({ text, onFields }) => setAlert(onFields ? null : text)),
  });
  const submit = handleSubmit((values) => {
    setAlert(null);
    save.mutate({
      audience,
      ...values,
      autoCreateCompanyId: values.autoCreateCompanyId ? Number(values.autoCreateCompanyId) : null,
    });
  });
  const errors = formState.errors;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {alert && <Alert>{alert}</Alert>}
      <RedirectUrl url={redirectUrl} />
      <TextField
        label={T.issuerLabel}
        hint={T.issuerHint}
        required
        placeholder="https://accounts.google.com"
        error={errors.issuer?.message}
        {...register('issuer')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={T.clientIdLabel} required error={errors.clientId?.message} {...register('clientId')} />
        <TextField
          label={T.clientSecretLabel}
          type="password"
          autoComplete="off"
          required={!connection?.hasSecret}
          hint={connection?.hasSecret ? T.clientSecretKept : T.clientSecretHint}
          error={errors.clientSecret?.message}
          {...register('clientSecret')}
        />
      </div>
      <TextField
        label={T.domainsLabel}
        hint={T.domainsHint}
        required={audience === 'staff'}
        placeholder="agency.example"
        error={errors.allowedDomains?.message}
        {...register('allowedDomains')}
      />
      {audience === 'staff' ? (
        <SelectField label={T.defaultRoleLabel} {...register('defaultRole')}>
          <option value="member">{M.team.roles.member}</option>
          <option value="admin">{M.team.roles.admin}</option>
        </SelectField>
      ) : (
        <Field label={T.autoCreateLabel} error={errors.autoCreateCompanyId?.message}>
          {({ id, describedBy, invalid }) => (
            <Controller
              control={control}
              name="autoCreateCompanyId"
              render={({ field }) => (
                <CompanyPicker
                  id={id}
                  describedBy={describedBy}
                  invalid={invalid}
                  value={field.value}
                  onChange={field.onChange}
                  fixedOptions={[{ value: '', label: T.autoCreateNone }]}
                />
              )}
            />
          )}
        </Field>
      )}
      <div className="space-y-3 rounded-lg bg-slate-50 p-3">
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4">
              <span className="text-sm font-medium text-slate-800">{T.enabledLabel}</span>
              <Switch checked={field.value} onChange={field.onChange} label={T.enabledLabel} />
            </div>
          )}
        />
        {audience === 'staff' && (
          <Controller
            control={control}
            name="required"
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4">
                <div>
                  <span className="text-sm font-medium text-slate-800">{T.requiredLabel}</span>
                  <p className="mt-0.5 text-xs text-slate-500">{T.requiredHint}</p>
                </div>
                <Switch checked={field.value} onChange={field.onChange} label={T.requiredLabel} />
              </div>
            )}
          />
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {connection && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {T.cancel}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}

/** What a saved connection shows until the owner edits it. */
function ConnectionSummary({ connection, redirectUrl }: { connection: SsoConnectionView; redirectUrl: string }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div className="sm:col-span-2">
        <RedirectUrl url={redirectUrl} />
      </div>
      <div className="min-w-0">
        <dt className="text-slate-500">{T.issuerLabel}</dt>
        <dd className="truncate font-medium text-slate-900">{connection.issuer}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-slate-500">{T.clientIdLabel}</dt>
        <dd className="truncate font-medium text-slate-900">{connection.clientId}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-slate-500">{T.domainsLabel}</dt>
        <dd className="font-medium text-slate-900">{connection.allowedDomains.join(', ') || '—'}</dd>
      </div>
      {connection.audience === 'staff' && (
        <div>
          <dt className="text-slate-500">{T.defaultRoleLabel}</dt>
          <dd className="font-medium text-slate-900">
            {M.team.roles[connection.defaultRole] ?? connection.defaultRole}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Account → Security, owner only: single sign-on for the team or for the agency's clients. */
export function SsoCard({ audience }: { audience: SsoAudience }) {
  const settings = trpc.sso.settings.useQuery();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const connection = settings.data?.[audience] ?? null;
  useEffect(() => {
    if (settings.data && !settings.data[audience]) setEditing(false);
  }, [settings.data, audience]);
  const remove = trpc.sso.remove.useMutation({
    onSuccess: () => {
      toast.success(T.removed);
      void utils.sso.settings.invalidate();
    },
    onError: (error) => toast.error(errorText(error) ?? T.loadFailed),
  });
  const unblock = trpc.sso.unblock.useMutation({
    onSuccess: () => {
      toast.success(T.unblocked);
      void utils.sso.settings.invalidate();
    },
    onError: (error) => toast.error(errorText(error) ?? T.loadFailed),
  });
  const title = audience === 'staff' ? T.staffTitle : T.clientTitle;
  const state = connection ? (
    <Badge tone={connection.enabled ? 'green' : 'gray'}>{connection.enabled ? T.on : T.off}</Badge>
  ) : (
    <Badge tone="gray">{T.notSet}</Badge>
  );
  let body: ReactNode;
  if (settings.isError) body = <Alert>{T.loadFailed}</Alert>;
  else if (!settings.data) body = <Skeleton className="h-24 w-full" />;
  else if (editing || !connection)
    body = editing ? (
      <ConnectionForm
        audience={audience}
        connection={connection}
        redirectUrl={settings.data.redirectUrls[audience]}
        onDone={() => setEditing(false)}
      />
    ) : (
      <div className="space-y-4">
        <RedirectUrl url={settings.data.redirectUrls[audience]} />
        <Button onClick={() => setEditing(true)}>{T.setUp}</Button>
      </div>
    );
  else
    body = (
      <div className="space-y-5">
        <ConnectionSummary connection={connection} redirectUrl={settings.data.redirectUrls[audience]} />
        <TestConnection audience={audience} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() => window.confirm(T.removeConfirm) && remove.mutate({ audience })}
            disabled={remove.isPending}
          >
            {T.remove}
          </Button>
          <Button onClick={() => setEditing(true)}>{T.edit}</Button>
        </div>
        {audience === 'staff' && settings.data.blockedUsers.length > 0 && (
          <div className="border-t border-slate-100 pt-4">
            <h3 className="text-sm font-semibold text-slate-900">{T.blockedTitle}</h3>
            <p className="mt-1 text-xs text-slate-500">{T.blockedHint}</p>
            <ul className="mt-2 divide-y divide-slate-100">
              {settings.data.blockedUsers.map((user) => (
                <li key={user.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0 truncate">
                    {user.name} <span className="text-slate-500">{user.email}</span>
                  </span>
                  <Button size="sm" variant="secondary" onClick={() => unblock.mutate({ userId: user.id })}>
                    {T.unblock}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    );
  return (
    <SettingsCard title={title} text={audience === 'staff' ? T.staffIntro : T.clientIntro} actions={state}>
      {body}
    </SettingsCard>
  );
}
