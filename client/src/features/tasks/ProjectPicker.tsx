import { keepPreviousData } from '@tanstack/react-query';
import { FolderKanban } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { PICKER_LIMIT, RecordPicker, type RecordKind, type RecordPickerProps } from '../../lists/RecordPicker';

/** A project's name by id (a filter from the URL, a preset project): null while unknown. */
export function useProjectName(id: number | null, known?: string | null): { name: string | null; missing: boolean } {
  const project = trpc.projects.get.useQuery({ id: id ?? 0 }, { enabled: id !== null && !known, staleTime: 60_000 });
  if (id === null) return { name: null, missing: false };
  if (known) return { name: known, missing: false };
  if (project.data) return { name: project.data.name, missing: false };
  return { name: null, missing: project.isError };
}

type ProjectOption = { id: number; name: string; company: { name: string } | null };

const projectKind: RecordKind<ProjectOption> = {
  useResults: (search) =>
    trpc.projects.list.useQuery(
      // An archived company's projects are not offered (one already chosen still shows its name).
      { search, limit: PICKER_LIMIT, liveCompanies: true },
      { placeholderData: keepPreviousData },
    ),
  useName: (id) => useProjectName(id),
  label: (project) => project.name,
  hint: (project) => project.company?.name,
  hintClassName: 'text-slate-500',
  icon: <FolderKanban className="size-4 shrink-0 text-slate-400" aria-hidden />,
  minWidth: 'min-w-64',
  text: M.tasks.projectPicker,
};

/** The record picker for projects, each with its company as a hint. */
export function ProjectPicker(props: RecordPickerProps) {
  return <RecordPicker kind={projectKind} {...props} />;
}
