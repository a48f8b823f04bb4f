import { M } from '../../../../../shared/messages';
import {
  REQUIRED_IMPORT_FIELDS,
  type CsvImportKind,
  type ImportIssue,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportSummary,
} from '../../../../../shared/schemas/data';
import { ImportRequestError } from '../importApi';

const P = M.data.page;

export type Step = 'file' | 'map' | 'preview' | 'done';
export type Failure = { title: string; message: string; issues: ImportIssue[] };

/** Everything the wizard shows; one reducer changes it (importReducer). */
export type ImportState = {
  step: Step;
  kind: ImportKind;
  file: File | null;
  fileError: string | null;
  mapping: ImportMapping | null;
  /** Header → its value in the file's first data line (the mapping step's samples). */
  samples: Record<string, string>;
  preview: ImportPreview | null;
  summary: ImportSummary | null;
  failure: Failure | null;
  busy: 'preview' | 'commit' | null;
  /** A zip's commit also takes over the export's agency details and branding (owner's choice, off by default). */
  applyBusiness: boolean;
};

export const initialImportState: ImportState = {
  step: 'file',
  kind: 'contacts',
  file: null,
  fileError: null,
  mapping: null,
  samples: {},
  preview: null,
  summary: null,
  failure: null,
  busy: null,
  applyBusiness: false,
};

export type ImportAction =
  | { type: 'chooseKind'; kind: ImportKind }
  | { type: 'chooseFile'; file: File }
  | { type: 'removeFile' }
  | { type: 'noFile' }
  | { type: 'setMapping'; mapping: ImportMapping }
  | { type: 'previewStarted' }
  | { type: 'previewed'; preview: ImportPreview; samples: Record<string, string> | null; then?: Step }
  | { type: 'commitStarted' }
  | { type: 'committed'; summary: ImportSummary }
  | { type: 'failed'; failure: Failure }
  | { type: 'idle' }
  | { type: 'goTo'; step: Step }
  | { type: 'setApplyBusiness'; checked: boolean }
  | { type: 'startOver' };

const extensionOf = (kind: ImportKind) => (kind === 'archive' ? '.zip' : '.csv');
export const isCsvKind = (kind: ImportKind): kind is CsvImportKind => kind !== 'archive';

function fileProblem(file: File, kind: ImportKind): string | null {
  if (file.size === 0) return P.emptyFile;
  return file.name.toLowerCase().endsWith(extensionOf(kind)) ? null : P.wrongType(extensionOf(kind));
}

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'chooseKind':
      return {
        ...state,
        kind: action.kind,
        mapping: null,
        preview: null,
        applyBusiness: false,
        failure: null,
        fileError: state.file ? fileProblem(state.file, action.kind) : null,
      };
    case 'chooseFile':
      // The mapping stays for the columns the new file still has (a corrected file keeps its choices).
      return {
        ...state,
        file: action.file,
        fileError: fileProblem(action.file, state.kind),
        failure: null,
        preview: null,
        applyBusiness: false,
      };
    case 'removeFile':
      return { ...state, file: null, fileError: null, preview: null, mapping: null, applyBusiness: false };
    case 'noFile':
      return { ...state, fileError: P.noFile };
    case 'setMapping':
      return { ...state, mapping: action.mapping };
    case 'previewStarted':
      return { ...state, busy: 'preview', failure: null };
    case 'previewed':
      return {
        ...state,
        samples: action.samples ?? state.samples,
        preview: action.preview,
        mapping: action.preview.mapping,
        step: action.then ?? state.step,
      };
    case 'commitStarted':
      return { ...state, busy: 'commit', failure: null };
    case 'committed':
      return { ...state, summary: action.summary, step: 'done' };
    case 'failed':
      return { ...state, failure: action.failure };
    case 'idle':
      return { ...state, busy: null };
    case 'goTo':
      return { ...state, failure: null, step: action.step };
    case 'setApplyBusiness':
      return { ...state, applyBusiness: action.checked };
    case 'startOver':
      // The kind (and the last samples) stay: another file of the same kind is the likely next one.
      return { ...initialImportState, kind: state.kind, samples: state.samples };
  }
}

/** The steps of the chosen kind: a zip has no columns to match. */
export const stepsOf = (kind: ImportKind): Step[] =>
  kind === 'archive' ? ['file', 'preview', 'done'] : ['file', 'map', 'preview', 'done'];

/** The required fields no column is chosen for. */
export const missingFields = ({ kind, mapping }: ImportState): string[] =>
  isCsvKind(kind) && mapping
    ? (REQUIRED_IMPORT_FIELDS[kind] as readonly string[]).filter((field) => !mapping[field])
    : [];

/** The same columns for the same fields (a field left out and one mapped to nothing are alike). */
function sameMapping(a: ImportMapping | null, b: ImportMapping | null): boolean {
  const entries = (m: ImportMapping | null) => Object.entries(m ?? {}).filter(([, header]) => header);
  const left = entries(a);
  return left.length === entries(b).length && left.every(([field, header]) => b?.[field] === header);
}

/** The shown preview is not of the chosen columns (their re-preview is running, or failed). */
export const isStale = ({ kind, preview, mapping }: ImportState): boolean =>
  isCsvKind(kind) && !!preview && !sameMapping(mapping, preview.mapping);

export function failureOf(error: unknown, title: string): Failure {
  if (error instanceof ImportRequestError) return { title, message: error.message, issues: error.issues };
  return { title, message: P.noReply, issues: [] };
}

/** A mapping chosen for another file keeps only the columns this one has; none left: the server guesses again. */
export function mappingForFile(mapping: ImportMapping | null, firstLine: Record<string, string>): ImportMapping | null {
  if (!mapping) return null;
  const kept = Object.fromEntries(Object.entries(mapping).filter(([, header]) => header.trim() in firstLine));
  return Object.keys(kept).length === 0 ? null : kept;
}
