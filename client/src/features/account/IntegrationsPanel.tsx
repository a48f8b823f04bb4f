import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { formatDistanceToNow } from 'date-fns';
import {
  CircleCheck,
  CircleSlash,
  ExternalLink,
  KeyRound,
  Lock,
  Mail,
  Plus,
  Send,
  ShieldAlert,
  Trash2,
} from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { M } from '../../../../shared/messages';
import { can } from '../../../../shared/permissions';
import {
  apiTokenCreateInput,
  type apiTokenCreatedOutput,
  type ApiTokenCreateForm,
} from '../../../../shared/schemas/integrations';
import { useSession } from '../../app/useSession';
import { errorCode, errorText, trpc, type RouterOutputs } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { onFormError } from '../../ui/form';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { SettingsCard } from './accountParts';
import { Confirm } from './Confirm';
import { CopyField } from './CopyField';
import { formatDate, formatDateTime } from '../../../../shared/dates';

const K = M.apiTokens;
const I = M.integrations;

type ApiToken = RouterOutputs['apiTokens']['list'][number];
type CreatedToken = z.output<typeof apiTokenCreatedOutput>;

/**
 * The account page's Integrations tab: personal API tokens for the REST API, and whether outgoing e-mail works.
 * Owners and admins only (integrations.manage); members are told so.
 */
export function IntegrationsPanel() {
  const { user } = useSession();
  if (!user) return <Skeleton className="h-64 w-full max-w-4xl rounded-xl" />;
  if (!can(user.role, 'integrations.manage'))
    return (
      <div className="max-w-4xl">
        <SettingsCard title={K.title} text={K.text}>
          <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600">
            <Lock className="size-4 shrink-0" aria-hidden /> {I.membersOnly}
          </p>
        </SettingsCard>
      </div>
    );
  return (
    <div className="max-w-4xl space-y-6">
      <ApiTokensCard />
      <EmailCard />
    </div>
  );
}

const when = formatDate;

function ApiTokensCard() {
  const tokens = trpc.apiTokens.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <SettingsCard
      title={K.title}
      text={K.text}
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden />
          <span className="hidden sm:inline">{K.create}</span>
          <span className="sr-only sm:hidden">{K.create}</span>
        </Button>
      }
    >
      <div className="mb-5 flex flex-col gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset sm:flex-row sm:items-center sm:justify-between">
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
          {K.usage}{' '}
          <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-800 ring-1 ring-slate-200">
            Authorization: Bearer cf_pat_…
          </code>
        </p>
        <a
          href="/api/docs"
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex shrink-0 items-center gap-1 font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {K.docs} <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">{M.common.opensInNewTab}</span>
        </a>
      </div>

      {tokens.isError ? (
        <LoadFailed onRetry={() => void tokens.refetch()} />
      ) : !tokens.data ? (
        <div role="status" aria-label={M.common.loading} className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : tokens.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
          <KeyRound className="size-8 text-slate-400" aria-hidden />
          <h3 className="mt-3 text-sm font-semibold text-slate-900">{K.emptyTitle}</h3>
          <p className="mt-1 max-w-sm text-sm text-slate-500">{K.emptyText}</p>
          <Button className="mt-4" variant="secondary" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> {K.create}
          </Button>
        </div>
      ) : (
        <TokenTable tokens={tokens.data} onRevoke={setRevoking} />
      )}

      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </SettingsCard>
  );
}

function TokenTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  const C = K.columns;
  return (
    <div className="-mx-5 sm:-mx-6">
      <table className="w-full text-left text-sm">
        <thead className="hidden border-b border-slate-100 text-xs font-medium tracking-wide text-slate-500 uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="py-2 pr-3 pl-6 font-medium">
              {C.name}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {C.token}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {C.created}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {C.lastUsed}
            </th>
            <th scope="col" className="py-2 pr-6 pl-3">
              <span className="sr-only">{K.revoke}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tokens.map((token) => (
            <tr key={token.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 sm:table-row sm:p-0">
              <td className="w-full font-medium text-slate-900 sm:w-auto sm:py-3 sm:pr-3 sm:pl-6">{token.name}</td>
              <td className="sm:px-3 sm:py-3">
                <code className="font-mono text-xs text-slate-600">{token.prefix}…</code>
              </td>
              <td className="text-slate-500 sm:px-3 sm:py-3">
                <span className="sm:hidden">{C.created}: </span>
                {when(token.createdAt)}
              </td>
              <td className="text-slate-500 sm:px-3 sm:py-3">
                <span className="sm:hidden">{C.lastUsed}: </span>
                {token.lastUsedAt ? (
                  <time dateTime={token.lastUsedAt.toISOString()} title={formatDateTime(token.lastUsedAt)}>
                    {formatDistanceToNow(token.lastUsedAt, { addSuffix: true })}
                  </time>
                ) : (
                  K.neverUsed
                )}
              </td>
              <td className="ml-auto sm:py-3 sm:pr-6 sm:pl-3 sm:text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRevoke(token)}
                  aria-label={K.revokeNamed(token.name)}
                  className="text-slate-600 hover:text-red-600"
                >
                  <Trash2 className="size-4" aria-hidden />
                  {K.revoke}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<ApiTokenCreateForm>({ resolver: zodResolver(apiTokenCreateInput), defaultValues: { name: '' } });
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const create = trpc.apiTokens.create.useMutation({
    onSuccess: (token) => {
      setCreated(token);
      void utils.apiTokens.list.invalidate();
    },
    onError: onFormError(
      form,
      apiTokenCreateInput,
      ({ text, onFields }) => !onFields && toast.error(K.createFailed, { description: text ?? undefined }),
      { focus: true },
    ),
  });
  const close = () => {
    if (create.isPending) return;
    onClose();
    // After the fade-out: the token leaves memory, and the next dialog starts blank.
    setTimeout(() => {
      setCreated(null);
      form.reset({ name: '' });
    }, 200);
  };

  return (
    <Dialog open={open} onClose={close} title={created ? K.createdTitle : K.createTitle} size="md">
      {created ? (
        <div className="space-y-4">
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
          >
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> {K.shownOnce}
          </p>
          <CopyField
            label={`${K.tokenLabel}: ${created.name}`}
            value={created.token}
            labels={{ copy: K.copy, copied: K.copied, failed: K.copyFailed }}
          />
          <div className="flex justify-end pt-2">
            <Button onClick={close}>{K.done}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate className="space-y-4">
          <p className="text-sm text-slate-600">{K.createText}</p>
          <TextField
            label={K.name}
            required
            autoFocus
            autoComplete="off"
            placeholder={K.namePlaceholder}
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={create.isPending}>
              {K.cancel}
            </Button>
            <Button type="submit" busy={create.isPending}>
              {create.isPending ? K.creating : K.create}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function RevokeTokenDialog({ token: asked, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const [token, setToken] = useState(asked);
  if (asked && asked !== token) setToken(asked);
  const utils = trpc.useUtils();
  const revoke = trpc.apiTokens.revoke.useMutation({
    onSuccess: () => {
      toast.success(K.revoked);
      void utils.apiTokens.list.invalidate();
      onClose();
    },
    onError: (error) => {
      toast.error(K.revokeFailed, { description: errorText(error) ?? undefined });
      if (errorCode(error) === 'NOT_FOUND') void utils.apiTokens.list.invalidate();
    },
  });
  return (
    <Dialog
      open={asked !== null}
      onClose={() => !revoke.isPending && onClose()}
      title={K.revokeTitle(token?.name ?? '')}
      size="md"
    >
      <Confirm
        text={K.revokeText}
        busy={revoke.isPending}
        cancel={K.cancel}
        confirm={revoke.isPending ? K.revoking : K.revoke}
        onCancel={onClose}
        onConfirm={() => token && revoke.mutate({ id: token.id })}
      />
    </Dialog>
  );
}

type TestResult = { tone: 'ok' | 'problem'; title: string; text: string };

function EmailCard() {
  const status = trpc.integrations.emailStatus.useQuery();
  const [result, setResult] = useState<TestResult | null>(null);
  const test = trpc.integrations.sendTestEmail.useMutation({
    onMutate: () => setResult(null),
    onSuccess: (sent) => {
      const outcome: TestResult =
        sent.reason === 'sent'
          ? { tone: 'ok', title: I.testSent, text: I.testSentText(sent.to) }
          : {
              tone: 'problem',
              title: I.testFailed,
              text: sent.reason === 'not-configured' ? I.testNotConfigured : I.testFailedText,
            };
      // Said once, beside the button (a toast as well would repeat it).
      setResult(outcome);
    },
    onError: (error) => {
      setResult({ tone: 'problem', title: I.testFailed, text: errorText(error) ?? I.testFailedText });
    },
  });

  const configured = status.data?.configured;
  return (
    <SettingsCard
      title={I.emailTitle}
      text={I.emailText}
      actions={
        status.data && (
          <Badge tone={configured ? 'green' : 'yellow'}>
            {configured ? (
              <CircleCheck className="mr-1 size-3.5" aria-hidden />
            ) : (
              <CircleSlash className="mr-1 size-3.5" aria-hidden />
            )}
            {configured ? I.configured : I.notConfigured}
          </Badge>
        )
      }
      footer={
        <Button variant="secondary" busy={test.isPending} disabled={!status.data} onClick={() => test.mutate()}>
          {!test.isPending && <Send className="size-4" aria-hidden />}
          {test.isPending ? I.sendingTest : I.sendTest}
        </Button>
      }
    >
      {status.isError ? (
        <LoadFailed onRetry={() => void status.refetch()} />
      ) : !status.data ? (
        <Skeleton className="h-5 w-2/3" />
      ) : (
        <div className="flex items-start gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500">
            <Mail className="size-4" aria-hidden />
          </span>
          <p className="text-sm text-slate-600">
            {configured ? I.configuredText(status.data.from) : I.notConfiguredText}
          </p>
        </div>
      )}
      <div role="status" aria-live="polite">
        {result && (
          <p
            className={`mt-4 rounded-lg px-3 py-2 text-sm ${result.tone === 'ok' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-700'}`}
          >
            <span className="font-medium">{result.title}.</span> {result.text}
          </p>
        )}
      </div>
    </SettingsCard>
  );
}
