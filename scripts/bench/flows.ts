// The flows calls of `npm run bench` (see ./calls.ts): the flows page (GET /api/flows) and the flow editor's load
// (GET /flows/v1?flow_uid=, the spec's snake_case read of one flow with steps_of_flow, each with its fields), answered
// by hand-written SQL through better-sqlite3 or pg with the same JSON body, byte for byte, as the app.
// Only types come from ./calls (no import cycle); the few helpers needed are repeated here.
import type BetterSqlite3 from 'better-sqlite3';
import type { Query, Reply, SqlHandler } from './calls';

const PAGE_SIZE = 24;
const PAGE_SIZE_MAX = 100;
const MAX_ID = 2_147_483_647;
const FLOW_TYPES = ['onboard', 'collect', 'inform'];
const FLOW_NOT_FOUND = 'Flow not found';
const COMPANY_NOT_FOUND = 'That company does not exist in your agency.';

/** What the baseline answers for input the app refuses (its body is not compared). */
class Invalid extends Error {}
const badRequest: Reply = { status: 400, body: { message: 'bad request', code: 'BAD_REQUEST' } };
const notFound = (message: string): Reply => ({ status: 404, body: { message, code: 'NOT_FOUND' } });

function intParam(value: unknown, fallback: number | null, min: number, max: number): number | null {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < min || n > max) throw new Invalid();
  return n;
}

function textParam(value: unknown, max: number): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.trim().length > max) throw new Invalid();
  return value.trim() || null;
}

/** SQLite DATETIME (ISO text, integer ms, or CURRENT_TIMESTAMP's UTC "YYYY-MM-DD HH:MM:SS") → toISOString. */
function sqliteIso(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text))
    return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
  return new Date(text).toISOString();
}
const pgIso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const asText = (v: unknown) => String(v);

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Items, X-Total-Count on the first page, X-Next-Cursor = last id when more rows follow. */
function page<T extends { id: number }>(rows: T[], limit: number, total: number | null): Reply {
  const items = rows.length > limit ? rows.slice(0, limit) : rows;
  const headers: Record<string, string> = {};
  if (total !== null) headers['X-Total-Count'] = String(total);
  if (rows.length > limit) headers['X-Next-Cursor'] = String(items[items.length - 1].id);
  return { body: items, headers };
}

// ---------------------------------------------------------------- a flow's row (list and detail)

type FlowRowSql = {
  id: number;
  flowUid: string;
  name: string;
  description: string;
  workflowType: string;
  isActive: number | boolean;
  businessId: number;
  companyId: number | null;
  companyName: string | null;
  stepCount: number;
  createdAt: unknown;
  updatedAt: unknown;
};

/** The columns of a flow (alias f) with its company's name and its step count. */
const flowSelect = (
  q: (name: string) => string,
  int: string,
) => `f.id, f.${q('flowUid')}, f.name, f.description, f.${q('workflowType')}, f.${q('isActive')},
  f.${q('businessId')}, f.${q('companyId')},
  (SELECT c.name FROM ${q('Company')} c WHERE c.${q('businessId')} = f.${q('businessId')} AND c.id = f.${q('companyId')}) AS ${q('companyName')},
  (SELECT COUNT(*)${int} FROM ${q('FlowStep')} s WHERE s.${q('businessId')} = f.${q('businessId')} AND s.${q('flowId')} = f.id) AS ${q('stepCount')}`;
const bare = (name: string) => name;
const quoted = (name: string) => `"${name}"`;

/** A flow in the app's key order (flowOutput), camelCase. */
const flowItem = (r: FlowRowSql, iso: (v: unknown) => string) => ({
  id: r.id,
  flowUid: r.flowUid,
  name: r.name,
  description: r.description,
  workflowType: r.workflowType,
  isActive: !!r.isActive,
  businessId: r.businessId,
  companyId: r.companyId,
  companyOfFlow: r.companyId !== null && r.companyName !== null ? { id: r.companyId, name: r.companyName } : null,
  stepCount: Number(r.stepCount),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

// ---------------------------------------------------------------- GET /api/flows

type FlowListParams = {
  limit: number;
  cursor: number | null;
  search: string | null;
  workflowType: string | null;
  companyId: number | null;
  isActive: boolean | null;
};

function flowListParams(query: Query): FlowListParams {
  const { workflowType, isActive } = query;
  if (workflowType !== undefined && (typeof workflowType !== 'string' || !FLOW_TYPES.includes(workflowType)))
    throw new Invalid();
  if (isActive !== undefined && isActive !== 'true' && isActive !== 'false') throw new Invalid();
  return {
    limit: intParam(query.limit, PAGE_SIZE, 1, PAGE_SIZE_MAX)!,
    cursor: intParam(query.cursor, null, 1, MAX_ID),
    search: textParam(query.search, 100),
    workflowType: (workflowType as string | undefined) ?? null,
    companyId: intParam(query.companyId, null, 1, MAX_ID),
    isActive: isActive === undefined ? null : isActive === 'true',
  };
}

export const flowsList: SqlHandler = {
  sqlite(db) {
    const companyExists = db.prepare('SELECT 1 AS ok FROM Company WHERE businessId = ? AND id = ?');
    const statements = new Map<string, BetterSqlite3.Statement>();
    const statement = (p: FlowListParams, count: boolean) => {
      const cursor = !count && p.cursor !== null;
      const key = `${!!p.search}${!!p.workflowType}${p.companyId !== null}${p.isActive !== null}${cursor}${count}`;
      let s = statements.get(key);
      if (!s) {
        const where = [
          'f.businessId = @businessId',
          ...(p.search ? ["(f.name LIKE @pattern ESCAPE '\\' OR f.description LIKE @pattern ESCAPE '\\')"] : []),
          ...(p.workflowType ? ['f.workflowType = @workflowType'] : []),
          ...(p.companyId !== null ? ['f.companyId = @companyId'] : []),
          ...(p.isActive !== null ? ['f.isActive = @isActive'] : []),
          ...(cursor
            ? [
                '(f.createdAt, f.id) < ((SELECT createdAt FROM Flow WHERE businessId = @businessId AND id = @cursor), @cursor)',
              ]
            : []),
        ].join(' AND ');
        s = db.prepare(
          count
            ? `SELECT COUNT(*) AS n FROM Flow f WHERE ${where}`
            : `SELECT ${flowSelect(bare, '')}, f.createdAt, f.updatedAt FROM Flow f WHERE ${where} ORDER BY f.createdAt DESC, f.id DESC LIMIT @take`,
        );
        statements.set(key, s);
      }
      return s;
    };
    return (query, auth) => {
      let p: FlowListParams;
      try {
        p = flowListParams(query);
      } catch {
        return badRequest;
      }
      if (p.companyId !== null && !companyExists.get(auth.businessId, p.companyId)) return notFound(COMPANY_NOT_FOUND);
      const params = {
        businessId: auth.businessId,
        pattern: p.search ? likeText(p.search) : null,
        workflowType: p.workflowType,
        companyId: p.companyId,
        isActive: p.isActive === null ? null : p.isActive ? 1 : 0,
        cursor: p.cursor,
        take: p.limit + 1,
      };
      const rows = (statement(p, false).all(params) as FlowRowSql[]).map((r) => flowItem(r, sqliteIso));
      const total = p.cursor === null ? (statement(p, true).get(params) as { n: number }).n : null;
      return page(rows, p.limit, total);
    };
  },

  postgres(pool) {
    return async (query, auth) => {
      let p: FlowListParams;
      try {
        p = flowListParams(query);
      } catch {
        return badRequest;
      }
      const values: unknown[] = [auth.businessId];
      const where = ['f."businessId" = $1'];
      if (p.search) {
        values.push(likeText(p.search));
        where.push(`(f.name ILIKE $${values.length} OR f.description ILIKE $${values.length})`);
      }
      if (p.workflowType) {
        values.push(p.workflowType);
        where.push(`f."workflowType" = $${values.length}`);
      }
      if (p.companyId !== null) {
        values.push(p.companyId);
        where.push(`f."companyId" = $${values.length}`);
      }
      if (p.isActive !== null) {
        values.push(p.isActive);
        where.push(`f."isActive" = $${values.length}`);
      }
      const countValues = [...values];
      const countWhere = [...where];
      if (p.cursor !== null) {
        values.push(p.cursor);
        const c = `$${values.length}`;
        where.push(
          `(f."createdAt", f.id) < ((SELECT "createdAt" FROM "Flow" WHERE "businessId" = $1 AND id = ${c}), ${c})`,
        );
      }
      values.push(p.limit + 1);
      const key = `${!!p.search}-${!!p.workflowType}-${p.companyId !== null}-${p.isActive !== null}`;
      const [company, rows, total] = await Promise.all([
        p.companyId !== null
          ? pool.query({
              name: 'flows-company',
              text: 'SELECT 1 FROM "Company" WHERE "businessId" = $1 AND id = $2',
              values: [auth.businessId, p.companyId],
            })
          : null,
        pool.query({
          name: `flows-${key}-${p.cursor !== null}`,
          text: `SELECT ${flowSelect(quoted, '::int')}, ${pgIso('f."createdAt"')} AS "createdAt", ${pgIso('f."updatedAt"')} AS "updatedAt"
                 FROM "Flow" f WHERE ${where.join(' AND ')} ORDER BY f."createdAt" DESC, f.id DESC LIMIT $${values.length}`,
          values,
        }),
        p.cursor === null
          ? pool.query({
              name: `flows-count-${key}`,
              text: `SELECT COUNT(*)::int AS n FROM "Flow" f WHERE ${countWhere.join(' AND ')}`,
              values: countValues,
            })
          : null,
      ]);
      if (company && company.rowCount === 0) return notFound(COMPANY_NOT_FOUND);
      const items = (rows.rows as FlowRowSql[]).map((r) => flowItem(r, asText));
      return page(items, p.limit, total ? (total.rows[0] as { n: number }).n : null);
    };
  },
};

// ---------------------------------------------------------------- GET /flows/v1?flow_uid= (snake_case)

type StepRowSql = {
  id: number;
  businessId: number;
  flowId: number;
  stepOrder: number;
  stepTitle: string;
  content: string | null;
  updatedAt: unknown;
};
type FieldRowSql = {
  id: number;
  flowStepId: number;
  fieldLabel: string;
  fieldType: string;
  isRequired: number | boolean;
  options: string | null;
  helpText: string | null;
  order: number;
};

/** A select field's choices, as the app reads them from the stored options. */
function choicesOf(options: string): string[] {
  try {
    const choices = (JSON.parse(options) as { choices?: unknown })?.choices;
    return Array.isArray(choices) ? choices.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

const fieldItem = (r: FieldRowSql) => {
  const options = r.options ?? '{}';
  return {
    id: r.id,
    flow_step: r.flowStepId,
    flow_step_id: r.flowStepId,
    field_label: r.fieldLabel,
    field_type: r.fieldType,
    is_required: !!r.isRequired,
    options,
    choices: choicesOf(options),
    help_text: r.helpText,
    order: r.order,
  };
};

/** The detail in the app's key order (flowDetailOutput), with the snake_case names of /flows/v1. */
function flowDetail(flow: FlowRowSql, steps: StepRowSql[], fields: FieldRowSql[], iso: (v: unknown) => string) {
  const byStep = new Map<number, ReturnType<typeof fieldItem>[]>();
  for (const f of fields) {
    const list = byStep.get(f.flowStepId) ?? [];
    list.push(fieldItem(f));
    byStep.set(f.flowStepId, list);
  }
  const item = flowItem(flow, iso);
  return {
    id: item.id,
    flow_uid: item.flowUid,
    name: item.name,
    description: item.description,
    workflow_type: item.workflowType,
    is_active: item.isActive,
    business_id: item.businessId,
    company_id: item.companyId,
    company_of_flow: item.companyOfFlow,
    step_count: item.stepCount,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
    steps_of_flow: steps.map((s) => ({
      id: s.id,
      business_id: s.businessId,
      flow_id: s.flowId,
      step_order: s.stepOrder,
      step_title: s.stepTitle,
      content: s.content ?? '',
      fields_of_flow_step: byStep.get(s.id) ?? [],
      updated_at: iso(s.updatedAt),
    })),
  };
}

function flowUidParam(query: Query): string {
  const uid = query.flow_uid;
  if (typeof uid !== 'string' || !uid.trim() || uid.trim().length > 64) throw new Invalid();
  return uid.trim();
}

export const flowRead: SqlHandler = {
  sqlite(db) {
    const flow = db.prepare(
      `SELECT ${flowSelect(bare, '')}, f.createdAt, f.updatedAt FROM Flow f WHERE f.businessId = ? AND f.flowUid = ?`,
    );
    const steps = db.prepare(
      'SELECT s.id, s.businessId, s.flowId, s.stepOrder, s.stepTitle, s.content, s.updatedAt FROM FlowStep s WHERE s.businessId = ? AND s.flowId = ? ORDER BY s.stepOrder, s.id',
    );
    const fields = db.prepare(
      `SELECT x.id, x.flowStepId, x.fieldLabel, x.fieldType, x.isRequired, x.options, x.helpText, x."order"
       FROM FlowStep s JOIN FlowField x ON x.businessId = s.businessId AND x.flowStepId = s.id
       WHERE s.businessId = ? AND s.flowId = ? ORDER BY x.flowStepId, x."order", x.id`,
    );
    return (query, auth) => {
      let uid: string;
      try {
        uid = flowUidParam(query);
      } catch {
        return badRequest;
      }
      const row = flow.get(auth.businessId, uid) as FlowRowSql | undefined;
      if (!row) return notFound(FLOW_NOT_FOUND);
      const body = flowDetail(
        row,
        steps.all(auth.businessId, row.id) as StepRowSql[],
        fields.all(auth.businessId, row.id) as FieldRowSql[],
        sqliteIso,
      );
      return { body };
    };
  },

  postgres(pool) {
    // Three statements at once, the steps and fields found through the flow_uid: one round trip.
    const flowId = '(SELECT id FROM "Flow" WHERE "businessId" = $1 AND "flowUid" = $2)';
    return async (query, auth) => {
      let uid: string;
      try {
        uid = flowUidParam(query);
      } catch {
        return badRequest;
      }
      const values = [auth.businessId, uid];
      const [flow, steps, fields] = await Promise.all([
        pool.query({
          name: 'flow-read',
          text: `SELECT ${flowSelect(quoted, '::int')}, ${pgIso('f."createdAt"')} AS "createdAt", ${pgIso('f."updatedAt"')} AS "updatedAt"
                 FROM "Flow" f WHERE f."businessId" = $1 AND f."flowUid" = $2`,
          values,
        }),
        pool.query({
          name: 'flow-read-steps',
          text: `SELECT s.id, s."businessId", s."flowId", s."stepOrder", s."stepTitle", s.content, ${pgIso('s."updatedAt"')} AS "updatedAt"
                 FROM "FlowStep" s WHERE s."businessId" = $1 AND s."flowId" = ${flowId} ORDER BY s."stepOrder", s.id`,
          values,
        }),
        pool.query({
          name: 'flow-read-fields',
          text: `SELECT x.id, x."flowStepId", x."fieldLabel", x."fieldType", x."isRequired", x.options, x."helpText", x."order"
                 FROM "FlowStep" s JOIN "FlowField" x ON x."businessId" = s."businessId" AND x."flowStepId" = s.id
                 WHERE s."businessId" = $1 AND s."flowId" = ${flowId} ORDER BY x."flowStepId", x."order", x.id`,
          values,
        }),
      ]);
      const row = flow.rows[0] as FlowRowSql | undefined;
      if (!row) return notFound(FLOW_NOT_FOUND);
      return { body: flowDetail(row, steps.rows as StepRowSql[], fields.rows as FieldRowSql[], asText) };
    };
  },
};
