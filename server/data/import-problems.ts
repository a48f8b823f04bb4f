/** What the archive import's analysis collects, shared by the analysis and its preview (no cycle between them). */
import type { ImportIssue } from '../../shared/schemas/data';
import { IMPORT_MAX_ISSUES, IMPORT_PREVIEW_ROWS } from '../../shared/schemas/data';
import { ENTITIES, type EntityName } from './format';

/** Which archive rows match the agency's existing records, by old id. */
export type Matches = {
  existingCompany: Map<number, number>;
  existingContact: Map<number, number>;
  /** Templates whose name the agency already has (its starters, an earlier import): skipped, the existing one stays. */
  existingProjectTemplate: Map<number, number>;
  existingFlowTemplate: Map<number, number>;
  userMatch: Map<number, number>;
  unmatchedPeople: string[];
};

/**
 * The problems of an export: every one counted, the first IMPORT_MAX_ISSUES kept for the answer, the lines of each
 * entity that have one, and for the entities the preview shows row by row (companies, contacts) the messages of their
 * first IMPORT_PREVIEW_ROWS error lines, the most the preview can show. A file of a million bad rows stays a small
 * analysis.
 */
export class Problems {
  count = 0;
  readonly listed: ImportIssue[] = [];
  readonly errorLines = Object.fromEntries(ENTITIES.map((e) => [e.name, new Set<number>()])) as Record<
    EntityName,
    Set<number>
  >;
  private readonly shown = new Map<string, Map<number, string[]>>([
    ['companies', new Map()],
    ['contacts', new Map()],
  ]);
  /** The last line each entity keeps messages for. */
  private readonly lastShown = new Map<string, number>();

  /** A problem of one row (its line in data/<entity>.csv): the row is an error line. */
  fail(entity: EntityName, line: number, field: string | undefined, message: string) {
    this.errorLines[entity].add(line);
    // Past what the answer lists and the preview shows, a problem is only counted: a file of a million bad rows
    // allocates no issue per row.
    if (this.listed.length >= IMPORT_MAX_ISSUES && !this.mayShow(entity, line)) {
      this.count++;
      return;
    }
    this.push({ line, entity, ...(field ? { field } : {}), message });
  }

  /** Whether the preview could still show this line's messages (see push). */
  private mayShow(entity: string, line: number): boolean {
    const lines = this.shown.get(entity);
    if (!lines) return false;
    return lines.has(line) || lines.size < IMPORT_PREVIEW_ROWS || line < (this.lastShown.get(entity) ?? -1);
  }

  push(issue: ImportIssue) {
    this.count++;
    if (this.listed.length < IMPORT_MAX_ISSUES) this.listed.push(issue);
    const lines = issue.entity === undefined ? undefined : this.shown.get(issue.entity);
    if (!lines || issue.line === null) return;
    const entity = issue.entity!;
    const kept = lines.get(issue.line);
    if (kept) {
      kept.push(issue.message);
      return;
    }
    const last = this.lastShown.get(entity) ?? -1;
    if (lines.size < IMPORT_PREVIEW_ROWS) {
      lines.set(issue.line, [issue.message]);
      this.lastShown.set(entity, Math.max(last, issue.line));
    } else if (issue.line < last) {
      // Full: an earlier line takes the place of the last one kept.
      lines.delete(last);
      lines.set(issue.line, [issue.message]);
      this.lastShown.set(entity, Math.max(...lines.keys()));
    }
  }

  messagesAt(entity: 'companies' | 'contacts', line: number): string[] {
    return this.shown.get(entity)!.get(line) ?? [];
  }
}
