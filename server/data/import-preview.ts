/**
 * The preview of an analysed export (server/data/import-analysis.ts): counts of new, duplicate and error rows per
 * entity, and the first rows of companies and contacts the hub shows with their status and messages.
 */
import { M } from '../../shared/messages';
import type { ImportPreview, ImportPreviewRow } from '../../shared/schemas/data';
import { IMPORT_PREVIEW_ROWS } from '../../shared/schemas/data';
import type { EntityName } from './format';
import type { Matches, Problems } from './import-problems';
import { capIssues } from './import-csv';
import { IMPORTED, type Row } from './import-rows';

const I = M.data.import;

type Shown = 'companies' | 'contacts';

const textValues = (row: Row, columns: string[]) =>
  Object.fromEntries(columns.map((c) => [c, row[c] == null ? '' : String(row[c])]));

export function previewOf(
  manifest: {
    exportedAt: string;
    business: { name: string };
    scope: { kind: 'agency' } | { kind: 'company'; companyName: string };
  },
  rows: Record<EntityName, Row[]>,
  issues: Problems,
  matches: Matches,
): ImportPreview {
  return {
    kind: 'archive',
    headers: [],
    mapping: {},
    rows: previewRows(rows, issues, matches),
    counts: countsOf(rows, issues, matches),
    issues: capIssues(issues.listed, issues.count),
    issueCount: issues.count,
    newCompanies: [],
    source: {
      businessName: manifest.business.name,
      exportedAt: manifest.exportedAt,
      scope: manifest.scope.kind === 'company' ? manifest.scope.companyName : manifest.scope.kind,
    },
  };
}

/**
 * The entities whose rows may already be in the agency, and whether a row is (or goes with) one that is: a template's
 * tasks and flow links are skipped with it.
 */
const DUPLICATES_OF: Partial<Record<EntityName, (m: Matches, row: Row) => boolean>> = {
  companies: (m, r) => m.existingCompany.has(r.id as number),
  contacts: (m, r) => m.existingContact.has(r.id as number),
  flowTemplates: (m, r) => m.existingFlowTemplate.has(r.id as number),
  projectTemplates: (m, r) => m.existingProjectTemplate.has(r.id as number),
  projectTemplateTasks: (m, r) => m.existingProjectTemplate.has(r.templateId as number),
  projectTemplateFlows: (m, r) => m.existingProjectTemplate.has(r.projectTemplateId as number),
};

/** New, duplicate and error rows of each entity an import creates. */
function countsOf(rows: Record<EntityName, Row[]>, issues: Problems, matches: Matches): ImportPreview['counts'] {
  const { errorLines } = issues;
  const counts: ImportPreview['counts'] = {};
  for (const spec of IMPORTED) {
    const errors = errorLines[spec.name].size;
    const isDuplicate = DUPLICATES_OF[spec.name];
    const duplicates = isDuplicate
      ? rows[spec.name].filter((r, i) => !errorLines[spec.name].has(i + 2) && isDuplicate(matches, r)).length
      : 0;
    counts[spec.name] = { new: rows[spec.name].length - errors - duplicates, duplicate: duplicates, error: errors };
  }
  return counts;
}

/**
 * The rows the preview shows: errors first, then duplicates, then new rows (companies before contacts, by line); only
 * those are built.
 */
function previewRows(rows: Record<EntityName, Row[]>, issues: Problems, matches: Matches): ImportPreviewRow[] {
  const companyName = new Map(rows.companies.map((c) => [c.id as number, String(c.name ?? '')]));
  const statusOf = (entity: Shown, row: Row, line: number): ImportPreviewRow['status'] =>
    issues.errorLines[entity].has(line)
      ? 'error'
      : (entity === 'companies' ? matches.existingCompany : matches.existingContact).has(row.id as number)
        ? 'duplicate'
        : 'new';
  const previewRow = (entity: Shown, row: Row, line: number, status: ImportPreviewRow['status']): ImportPreviewRow => {
    if (entity === 'companies') {
      return {
        line,
        status,
        values: textValues(row, ['name', 'industry', 'website', 'address', 'phone', 'status']),
        messages:
          status === 'error'
            ? issues.messagesAt('companies', line)
            : status === 'duplicate'
              ? [I.companyExists(String(row.name))]
              : [],
      };
    }
    return {
      line,
      status,
      values: {
        ...textValues(row, ['firstName', 'lastName', 'email', 'phone', 'role', 'title']),
        company: typeof row.companyId === 'number' ? (companyName.get(row.companyId) ?? '') : '',
      },
      messages:
        status === 'error'
          ? issues.messagesAt('contacts', line)
          : status === 'duplicate'
            ? [I.contactExists(`${String(row.firstName)} ${String(row.lastName)}`.trim())]
            : [],
    };
  };
  const shown: ImportPreviewRow[] = [];
  for (const status of ['error', 'duplicate', 'new'] as const) {
    for (const entity of ['companies', 'contacts'] as const) {
      for (let index = 0; index < rows[entity].length && shown.length < IMPORT_PREVIEW_ROWS; index++) {
        if (statusOf(entity, rows[entity][index], index + 2) === status)
          shown.push(previewRow(entity, rows[entity][index], index + 2, status));
      }
    }
  }
  return shown;
}
