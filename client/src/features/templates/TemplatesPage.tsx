/**
 * /hub/templates (issue 29): the agency's project templates (opened in the editor: name, description, tasks) and flow
 * templates (renamed), each deleted after a confirm. An agency without templates is offered the starters.
 */
import { useState, type ReactNode } from 'react';
import { FileStack, FolderKanban, Pencil, Sparkles, Trash2, Workflow } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { applyServerIssues } from '../../ui/form';
import { templateNameFormSchema } from '../../../../shared/schemas/templates';
import { flowTypeName } from '../flows/flowParts';
import { DeleteTemplateDialog, TemplateNameDialog } from './TemplateDialogs';
import { EditTemplateDialog } from './TemplateEditor';

const T = M.templates;
type Kind = 'project' | 'flow';
type Row = { id: number; name: string; detail: string; description: string | null };

function TemplateList({
  kind,
  rows,
  onOpen,
  onDelete,
  empty,
}: {
  kind: Kind;
  rows: Row[];
  onOpen: (row: Row) => void;
  onDelete: (row: Row) => void;
  empty: ReactNode;
}) {
  const Icon = kind === 'project' ? FolderKanban : Workflow;
  const open = kind === 'project' ? T.edit : T.rename;
  if (rows.length === 0) return empty;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0">
              {/* The name opens the template, as a record's name does in every list. */}
              <button
                type="button"
                onClick={() => onOpen(row)}
                className="text-left font-medium break-words text-slate-900 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {row.name}
              </button>
              <p className="text-xs text-slate-500">{row.detail}</p>
              {row.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{row.description}</p>}
            </div>
          </div>
          <div className="flex shrink-0 gap-2 self-end sm:self-center">
            <Button variant="secondary" size="sm" onClick={() => onOpen(row)} aria-label={`${open} ${row.name}`}>
              <Pencil className="size-4" aria-hidden /> {open}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onDelete(row)}
              className="text-red-700! hover:bg-red-50!"
              aria-label={`${T.delete} ${row.name}`}
            >
              <Trash2 className="size-4" aria-hidden /> {T.delete}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function TemplatesPage() {
  // Names the tab, and marks the first screen shown (toasts mount after it).
  useDocumentTitle(T.title);
  const projects = trpc.templates.list.useQuery();
  const flows = trpc.flowTemplates.list.useQuery();
  const utils = trpc.useUtils();
  const [renaming, setRenaming] = useState<{ kind: Kind; row: Row } | null>(null);
  const [deleting, setDeleting] = useState<{ kind: Kind; row: Row } | null>(null);
  const refresh = () => Promise.all([utils.templates.invalidate(), utils.flowTemplates.invalidate()]);
  const failed = (error: Parameters<typeof errorText>[0]) =>
    toast.error(M.common.error, { description: errorText(error) ?? undefined });

  const renameProject = trpc.templates.update.useMutation({ onError: failed });
  const renameFlow = trpc.flowTemplates.update.useMutation({ onError: failed });
  const removeProject = trpc.templates.remove.useMutation({ onError: failed });
  const removeFlow = trpc.flowTemplates.remove.useMutation({ onError: failed });
  const [editing, setEditing] = useState<number | null>(null);
  const addStarters = trpc.templates.addStarters.useMutation({
    onSuccess: ({ added }) => {
      toast.success(T.startersAdded(added));
      void refresh();
    },
    onError: failed,
  });
  const startersButton = (
    <Button onClick={() => addStarters.mutate()} busy={addStarters.isPending}>
      <Sparkles className="size-4" aria-hidden /> {T.addStarters}
    </Button>
  );
  const noTemplates =
    projects.data !== undefined && flows.data !== undefined && projects.data.length + flows.data.length === 0;

  const projectRows: Row[] = (projects.data ?? []).map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    detail: [
      T.taskCount(t.taskCount),
      ...(t.flowTemplates.length ? [t.flowTemplates.map((f) => f.name).join(', ')] : []),
    ].join(' · '),
  }));
  const flowRows: Row[] = (flows.data ?? []).map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description || null,
    detail: `${flowTypeName(t.workflowType)} · ${T.stepCount(t.stepCount)}`,
  }));

  const section = (kind: Kind, title: string, query: typeof projects | typeof flows, rows: Row[]) => (
    <section aria-labelledby={`templates-${kind}`} className="mb-8">
      <h2 id={`templates-${kind}`} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <TemplateList
          kind={kind}
          rows={rows}
          onOpen={(row) => (kind === 'project' ? setEditing(row.id) : setRenaming({ kind, row }))}
          onDelete={(row) => setDeleting({ kind, row })}
          empty={
            <EmptyState
              icon={<FileStack className="size-8" aria-hidden />}
              title={T.empty}
              text={kind === 'project' ? T.noTemplates : T.noFlowTemplates}
              action={kind === 'project' ? startersButton : undefined}
            />
          }
        />
      )}
    </section>
  );

  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {noTemplates ? (
        <EmptyState
          icon={<FileStack className="size-8" aria-hidden />}
          title={T.startersTitle}
          text={T.startersText}
          action={startersButton}
        />
      ) : (
        <>
          {section('project', T.projectTemplates, projects, projectRows)}
          {section('flow', T.flowTemplates, flows, flowRows)}
        </>
      )}
      <EditTemplateDialog templateId={editing} onClose={() => setEditing(null)} />
      <TemplateNameDialog
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        title={T.renameTitle}
        defaultName={renaming?.row.name ?? ''}
        submit={T.rename}
        busy={renameProject.isPending || renameFlow.isPending}
        onSave={(name, setError) => {
          if (!renaming) return;
          const mutation = renaming.kind === 'project' ? renameProject : renameFlow;
          mutation.mutate(
            { id: renaming.row.id, name },
            {
              onSuccess: () => {
                toast.success(T.renamed);
                setRenaming(null);
                void refresh();
              },
              onError: (error) => applyServerIssues(error, setError, templateNameFormSchema),
            },
          );
        }}
      />
      <DeleteTemplateDialog
        template={deleting?.row ?? null}
        busy={removeProject.isPending || removeFlow.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const mutation = deleting.kind === 'project' ? removeProject : removeFlow;
          mutation.mutate(
            { id: deleting.row.id },
            {
              onSuccess: () => {
                toast.success(T.deleted);
                setDeleting(null);
                void refresh();
              },
            },
          );
        }}
      />
    </>
  );
}
