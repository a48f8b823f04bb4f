/**
 * The OpenAPI 3.1 document of the REST paths, generated from the REST table and each procedure's
 * zod input and output schemas (zod's own JSON Schema export, draft 2020-12 as OpenAPI 3.1 uses).
 */
import { z } from 'zod';
import { SESSION } from '../../shared/constants';
import { LIVE, LIVE_READY_TOPIC, LIVE_RESET_TOPIC, MESSAGES_LIVE_TOPIC } from '../../shared/live';
import { M } from '../../shared/messages';
import { MAX_ID } from '../../shared/schemas/common';
import { logoOutput } from '../../shared/schemas/business';
import { documentOutput, documentUploadFields } from '../../shared/schemas/documents';
import { versionUploadOutput } from '../../shared/schemas/document-versions';
import { appRouter } from '../routers/_app';
import { portalProcedure, staffProcedure } from '../trpc';
import { camelToSnake } from './case';
import { restRoutes, type RestRoute } from './routes';

type JsonSchema = { [key: string]: unknown; properties?: Record<string, JsonSchema>; required?: string[] };
type ProcedureDef = { _def: { type: string; inputs: z.ZodType[]; output?: z.ZodType; middlewares: unknown[] } };

/** The reply of every REST failure (see sendError). */
const errorReply = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional().describe(M.api.requestId),
});

const ERROR_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
} as const;
type ErrorStatus = keyof typeof ERROR_CODES;

/**
 * zod → JSON Schema. Dates travel as ISO strings over REST (superjson keeps them Dates over tRPC);
 * a plain .int() says integer without zod's ±2^53 bounds.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  return json;
}

/**
 * The same key mapping the snake_case paths apply to their bodies, applied to a schema's property names; an
 * `opaque` property (a free map of the user's own keys) is renamed, its contents are not.
 */
function snakeSchema(schema: unknown, opaque: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => snakeSchema(s, opaque));
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === 'properties') {
        return [
          key,
          Object.fromEntries(
            Object.entries(value as object).map(([name, s]) => [
              camelToSnake(name),
              opaque.includes(name) ? s : snakeSchema(s, opaque),
            ]),
          ),
        ];
      }
      if (key === 'required') return [key, (value as string[]).map(camelToSnake)];
      return [key, snakeSchema(value, opaque)];
    }),
  );
}

const procedureOf = (path: string) => (appRouter._def.procedures as Record<string, unknown>)[path] as ProcedureDef;

/** Which session a procedure requires, read from the middlewares it is built from. */
function sessionOf(procedure: ProcedureDef): 'staff' | 'portal' | null {
  const builtOn = (base: unknown) =>
    (base as ProcedureDef)._def.middlewares.every((m) => procedure._def.middlewares.includes(m));
  if (builtOn(staffProcedure)) return 'staff';
  if (builtOn(portalProcedure)) return 'portal';
  return null;
}

const errorResponse = (status: ErrorStatus) => ({
  description: `${ERROR_CODES[status]}: ${M.api.errors[status]}`,
  content: {
    'application/json': {
      schema: {
        allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { const: ERROR_CODES[status] } } }],
      },
    },
  },
  ...(status === 429
    ? { headers: { 'Retry-After': { description: M.api.retryAfter, schema: { type: 'integer' } } } }
    : {}),
});

/** The type of a page's nextCursor (an id, or a sorted list's opaque token), read from the output schema. */
function cursorType(page: JsonSchema): 'string' | 'integer' {
  const cursor = page.properties?.nextCursor ?? page.properties?.next_cursor;
  const types = [cursor, ...((cursor?.anyOf as JsonSchema[] | undefined) ?? [])].flatMap((s) => s?.type);
  return types.includes('string') ? 'string' : 'integer';
}

/** A file download's `download` query parameter and its 200 answer: the current version's and any version's. */
const downloadParameter = {
  name: 'download',
  in: 'query',
  required: false,
  description: 'Present: always as an attachment, never shown in the browser tab.',
  schema: { type: 'string' },
};
const fileBytesResponse = {
  description: M.api.ok,
  headers: {
    'Content-Disposition': {
      description: 'inline or attachment, with filename and filename* (RFC 6266)',
      schema: { type: 'string' },
    },
  },
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

const hasBody = (method: RestRoute['method']) => method === 'POST' || method === 'PATCH' || method === 'PUT';

function operation(route: RestRoute, operationId: string) {
  const procedure = procedureOf(route.procedure);
  if (procedure._def.inputs.length > 1)
    throw new Error(`${route.procedure}: the REST table needs a single .input() schema`);
  const output = procedure._def.output;
  if (!output) throw new Error(`${route.procedure} has a REST path, so it must declare .output(schema)`);
  const names = (schema: JsonSchema) =>
    route.style === 'snake' ? (snakeSchema(schema, route.opaque) as JsonSchema) : schema;

  const input = procedure._def.inputs[0] ? names(jsonSchemaOf(procedure._def.inputs[0], 'input')) : undefined;
  if (input && input.type !== 'object') throw new Error(`${route.procedure}: REST input must be an object`);
  const properties = { ...input?.properties };
  const required = new Set(input?.required ?? []);

  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const parameters: object[] = pathParams.map((name) => {
    if (!properties[name])
      throw new Error(`${route.method} ${route.path}: {${name}} is not an input of ${route.procedure}`);
    const parameter = { name, in: 'path', required: true, schema: properties[name] };
    delete properties[name];
    required.delete(name);
    return parameter;
  });

  let requestBody: object | undefined;
  if (input && Object.keys(properties).length) {
    const rest = { ...input, properties, required: [...required] };
    if (!rest.required.length) delete (rest as JsonSchema).required;
    if (hasBody(route.method)) {
      requestBody = { required: rest.required !== undefined, content: { 'application/json': { schema: rest } } };
    } else {
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
  }

  const result = names(jsonSchemaOf(output, 'output'));
  const success = route.list
    ? {
        description: M.api.ok,
        headers: {
          ...(result.properties?.total
            ? { 'X-Total-Count': { description: M.api.listHeaders.total, schema: { type: 'integer' } } }
            : {}),
          ...('withOverall' in (input?.properties ?? {})
            ? { 'X-Overall-Count': { description: M.api.listHeaders.overall, schema: { type: 'integer' } } }
            : {}),
          // A sorted list's cursor is an opaque token (server/lib/sort-cursor.ts); the others' is the last row's id.
          'X-Next-Cursor': {
            description: M.api.listHeaders.nextCursor,
            schema: { type: cursorType(result) },
          },
        },
        content: { 'application/json': { schema: result.properties!.items } },
      }
    : { description: M.api.ok, content: { 'application/json': { schema: result } } };

  const session = sessionOf(procedure);
  const errors = new Set<ErrorStatus>(route.errors);
  if (input || hasBody(route.method)) errors.add(400);
  if (session) errors.add(401);
  if (route.method !== 'GET') errors.add(403);
  if (pathParams.length) errors.add(404);

  return {
    operationId,
    tags: [route.procedure.split('.')[0]],
    ...(route.summary ? { summary: route.summary } : {}),
    ...(session ? { security: [{ bearer: [] }, { [`${session}Cookie`]: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(route.status ?? 200)]: success,
      ...Object.fromEntries([...errors].sort().map((status) => [String(status), errorResponse(status)])),
    },
  };
}

/** /api/companies/{id} and /companies/v1/{id} call the same procedure: the snake_case twin gets a suffix. */
function operationIds(routes: RestRoute[]) {
  const seen = new Set<string>();
  return routes.map((r) => {
    const twin = routes.some((o) => o !== r && o.procedure === r.procedure && o.style !== r.style);
    let id = twin && r.style === 'snake' ? `${r.procedure}_v1` : r.procedure;
    // A further path onto the same procedure in the same style (the spec's singular /contact/v1/{id}) is named
    // after its first segment.
    if (seen.has(id)) id = `${id}_${r.path.split('/')[1]}`;
    if (seen.has(id)) throw new Error(`two REST rows would share the operationId ${id}`);
    seen.add(id);
    return id;
  });
}

/**
 * The two routes that carry file bytes (server/files/routes.ts): Express routes beside the REST table, since tRPC
 * speaks JSON only. Their fields come from the same zod schemas as the procedures.
 */
export function fileOperations() {
  const security = [{ bearer: [] }, { staffCookie: [] }];
  const errors = (...statuses: ErrorStatus[]) =>
    Object.fromEntries(statuses.map((status) => [String(status), errorResponse(status)]));
  const fields = jsonSchemaOf(documentUploadFields, 'input');
  const json = (schema: z.ZodType) => ({ 'application/json': { schema: jsonSchemaOf(schema, 'output') } });
  return {
    '/api/documents/upload': {
      post: {
        operationId: 'documents.upload',
        tags: ['documents'],
        summary:
          'Upload a file: multipart/form-data with the file in the field "file" (at most MAX_UPLOAD_BYTES, 100 MB by default)',
        description:
          'The file streams to storage under a random name. `name` defaults to the file’s own name, `type` to contract, ' +
          '`visibleInPortal` to false (a new file is internal until shared); with a project and no company, the project’s company is taken. An empty file is refused (400), ' +
          'a bigger one too (413), and so is one that would put the agency over its storage quota (STORAGE_QUOTA_BYTES; 413); ' +
          'nothing of a refused or interrupted upload is kept.',
        security,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: {
                    type: 'string',
                    format: 'binary',
                    description: 'The file; its name and type come from the part’s headers.',
                  },
                  ...fields.properties,
                },
              },
            },
          },
        },
        responses: {
          '201': { description: M.api.ok, content: json(documentOutput) },
          ...errors(400, 401, 403, 404, 413),
        },
      },
    },
    '/api/documents/{id}/versions': {
      post: {
        operationId: 'documents.uploadVersion',
        tags: ['documents'],
        summary:
          'Upload a new version of a file: multipart/form-data with the file in the field "file" (the upload limit and quota apply)',
        description:
          'The new version becomes the current one (its number is the current one plus 1): the file’s download, size, type and ' +
          'name follow it, and the client sees it when the file is shared. Older versions keep their bytes and stay downloadable ' +
          '(GET /api/documents/{id}/versions/{number}/download). The file’s open approval requests (pending, or changes requested) are reset: ' +
          '`resetApprovalRequestIds` names them, and the newest is asked again about the new version (`reaskedApprovalRequestId`). An empty file is refused (400), a bigger one or one over the storage quota ' +
          'too (413), another agency’s file is 404, and a version uploaded at the same moment makes this one 409; nothing of a ' +
          'refused upload is kept.',
        security,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID } },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: {
                    type: 'string',
                    format: 'binary',
                    description: 'The new version; its name and type come from the part’s headers.',
                  },
                },
              },
            },
          },
        },
        responses: {
          '201': { description: M.api.ok, content: json(versionUploadOutput) },
          ...errors(400, 401, 404, 409, 413),
        },
      },
    },
    '/api/documents/{id}/versions/{number}/download': {
      get: {
        operationId: 'documents.downloadVersion',
        tags: ['documents'],
        summary:
          'One version’s bytes, with the same headers as the file’s download; a portal client reaches the current version and the older ones shared with them',
        security: [...security, { portalCookie: [] }],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID } },
          {
            name: 'number',
            in: 'path',
            required: true,
            schema: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID },
          },
          downloadParameter,
        ],
        responses: {
          '200': fileBytesResponse,
          '302': {
            description: 'A link’s version: Location is its URL.',
            headers: { Location: { schema: { type: 'string', format: 'uri' } } },
          },
          '206': { description: 'One byte range of the version (Range header).' },
          ...errors(401, 404),
        },
      },
    },
    '/api/business/logo': {
      post: {
        operationId: 'business.uploadLogo',
        tags: ['business'],
        summary:
          'Upload the logo: multipart/form-data with the image in the field "file" (JPEG, PNG or GIF, at most 5 MB)',
        description:
          'The file’s first bytes decide its type (its name and declared type do not count): anything but a PNG, JPEG or GIF ' +
          'image, SVG included, is refused (400), a file over 5 MB too (413). It is stored under a random name and served at a ' +
          'new public address; the logo it replaces is deleted. Needs the owner or admin role (403 otherwise).',
        security,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary', description: 'The image.' } },
              },
            },
          },
        },
        responses: { '200': { description: M.api.ok, content: json(logoOutput) }, ...errors(400, 401, 403, 413) },
      },
    },
    '/api/business/logo/{businessId}/{file}': {
      get: {
        operationId: 'business.logo',
        tags: ['business'],
        summary: 'The logo’s bytes (no authorisation): the address the business answers as logo.url, cached for a year',
        parameters: [
          {
            name: 'businessId',
            in: 'path',
            required: true,
            schema: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID },
          },
          { name: 'file', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        ],
        responses: {
          '200': {
            description: M.api.ok,
            headers: {
              'Cache-Control': { description: 'public, max-age=31536000, immutable', schema: { type: 'string' } },
            },
            content: {
              'image/png': { schema: { type: 'string', format: 'binary' } },
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'image/gif': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errors(404),
        },
      },
    },
    '/api/export.zip': {
      get: {
        operationId: 'data.exportZip',
        tags: ['data'],
        summary:
          'The whole agency (owner), or with companyId one client company (owner and admin), as a zip streamed while it is written',
        description:
          'data/<entity>.json and .csv for every entity, data/business.json, the stored files under files/ and manifest.json (last: ' +
          'row counts, and each file’s size and SHA-256). No password, two-factor secret, token or session is ever in it. ' +
          'Large exports: POST /api/exports first (it answers this URL, or starts a background export).',
        security,
        parameters: [
          {
            name: 'companyId',
            in: 'query',
            required: false,
            schema: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID },
          },
        ],
        responses: {
          '200': {
            description: M.api.ok,
            headers: {
              'Content-Disposition': {
                description: 'attachment; filename="clientflow-<agency>[-<company>]-<yyyy-mm-dd>.zip"',
                schema: { type: 'string' },
              },
            },
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    '/api/exports/{id}/download': {
      get: {
        operationId: 'data.downloadExport',
        tags: ['data'],
        summary: 'A finished background export’s zip, for the user who requested it or an owner',
        security,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID } },
        ],
        responses: {
          '200': {
            description: M.api.ok,
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors(401, 404, 409),
          '410': {
            description: `GONE: ${M.data.export.expired}`,
            content: { 'application/json': { schema: jsonSchemaOf(errorReply, 'output') } },
          },
        },
      },
    },
    '/api/documents/{id}/download': {
      get: {
        operationId: 'documents.download',
        tags: ['documents'],
        summary: 'The file’s bytes, with its original name (Content-Disposition); a link answers 302 to its URL',
        security,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID } },
          downloadParameter,
        ],
        responses: {
          '200': fileBytesResponse,
          '302': {
            description: 'A link to an external file: Location is its URL.',
            headers: { Location: { schema: { type: 'string', format: 'uri' } } },
          },
          ...errors(401, 404),
        },
      },
    },
  };
}

/** What one event of a live stream carries (shared/live.ts LiveMessage), inside superjson's `json`. */
const liveEvent = {
  type: 'object',
  required: ['id', 'topic', 'companyId', 'data', 'at'],
  properties: {
    id: {
      type: ['integer', 'null'],
      description:
        'The stored event’s id (also the frame’s `id:`); null for an ephemeral one (typing), never caught up.',
    },
    topic: {
      type: 'string',
      description: `What changed, such as "${MESSAGES_LIVE_TOPIC}" (data: type, threadId, messageId…), "${LIVE_READY_TOPIC}" (the stream is open) or "${LIVE_RESET_TOPIC}" (too much was missed: refetch everything).`,
    },
    companyId: { type: ['integer', 'null'], description: 'The client company it concerns; null: the whole agency.' },
    data: {
      description: `A few ids and words (at most ${LIVE.payloadMaxChars} characters of JSON), never the record.`,
    },
    at: { type: 'string', format: 'date-time' },
  },
};

/**
 * The live streams (server/live, server/routers/live.ts): tRPC subscriptions over server-sent events at /trpc, beside
 * the REST table. Documented as they are on the wire, so an API client can read them without tRPC's client.
 */
export function liveOperations() {
  const errors = (...statuses: ErrorStatus[]) =>
    Object.fromEntries(statuses.map((status) => [String(status), errorResponse(status)]));
  const frames = (who: string) =>
    [
      `${who} A stream stays open; send \`Accept: text/event-stream\`. An event is a signal, never the record: a client that gets one ` +
        'refetches what it shows through the usual paths (e.g. messages.changed with a threadId: ' +
        'GET /api/messages/threads/{threadId}/messages), which apply the usual rules.',
      '',
      'Frames, in order:',
      '- `event: connected` (once);',
      `- each event: \`id: <event id>\` and \`data: {"json":{"id":…,"topic":…,"companyId":…,"data":…,"at":"…"},"meta":…}\` ` +
        `(superjson: \`meta\` says \`at\` is a date); the first is "${LIVE_READY_TOPIC}";`,
      `- \`event: ping\` every ${LIVE.pingMs / 1000} s while nothing happens (reconnect after ${LIVE.reconnectAfterInactivityMs / 1000} s of silence);`,
      `- \`event: serialized-error\` with \`data: {"json":{"message":…,"data":{"code":"UNAUTHORIZED","httpStatus":401}}}\`, then the ` +
        `stream ends, when the session or token stops being valid (signed out, revoked, removed; checked every ${LIVE.recheckMs / 1000} s).`,
      '',
      `Resuming: reconnect with the last event id seen, as the \`Last-Event-ID\` header (what EventSource sends) or in \`input\`. ` +
        `The events missed since are sent first, in order, then live ones. Past ${LIVE.catchUpMax} missed events, or older than ` +
        `${LIVE.keepMs / 3_600_000} hours (at most the newest ${LIVE.keepCount.toLocaleString('en')} are kept), one "${LIVE_RESET_TOPIC}" comes instead.`,
      '',
      'At most LIVE_CONNECTIONS_PER_SESSION streams per session or token and LIVE_CONNECTIONS_PER_ADDRESS per address on ' +
        'an instance: beyond, 429 with Retry-After before the stream starts.',
    ].join('\n');
  const parameters = [
    {
      name: 'input',
      in: 'query',
      required: false,
      description:
        'tRPC’s input, URL-encoded superjson: {"json":{"lastEventId":"<id>"}} to resume after that event (or use Last-Event-ID).',
      schema: { type: 'string' },
      example: '{"json":{"lastEventId":"1234"}}',
    },
    {
      name: 'Last-Event-ID',
      in: 'header',
      required: false,
      description: 'The last event id seen: the stream sends what came after it first.',
      schema: { type: 'string', pattern: '^\\d{1,15}$' },
    },
  ];
  const responses = {
    '200': {
      description: `${M.api.ok} A stream of server-sent events; each event frame's data is {"json": LiveEvent, "meta": …}.`,
      headers: {
        'Cache-Control': { description: 'no-cache: never stored by a proxy', schema: { type: 'string' } },
        'X-Accel-Buffering': { description: 'no: a proxy must pass each frame on at once', schema: { type: 'string' } },
      },
      content: {
        'text/event-stream': {
          schema: { type: 'string', description: 'Server-sent events (frames as described above).' },
          'x-event-data': { $ref: '#/components/schemas/LiveEvent' },
        },
      },
    },
    ...errors(401, 429),
  };
  return {
    '/trpc/live.events': {
      get: {
        operationId: 'live.events',
        tags: ['live'],
        summary: 'The agency’s live updates as server-sent events: every event of the agency, staff-only ones included',
        description: frames(
          'Authenticate with a personal API token (`Authorization: Bearer <token>`, with its owner’s rights), a staff ' +
            'session’s token, or the staff session cookie (a browser’s EventSource). A portal session is refused (401).',
        ),
        security: [{ bearer: [] }, { staffCookie: [] }],
        parameters,
        responses,
      },
    },
    '/trpc/portalLive.events': {
      get: {
        operationId: 'portalLive.events',
        tags: ['live'],
        summary: 'A portal client’s live updates: what the client’s company may see (never an internal note)',
        description: frames(
          'Authenticate with a portal session’s token (Bearer) or the portal cookie; an API token or a staff session is ' +
            'refused (401). The session is read again before every event: a client whose access ends gets nothing more.',
        ),
        security: [{ bearer: [] }, { portalCookie: [] }],
        parameters,
        responses,
      },
    },
  };
}

function buildOpenApiDocument(routes: RestRoute[] = restRoutes) {
  const ids = operationIds(routes);
  const paths: Record<string, Record<string, unknown>> = {};
  routes.forEach((route, i) => {
    if (route.when) return;
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route, ids[i]);
  });
  // A row that answers only with a query parameter shares its path and method with another: described there.
  for (const route of routes.filter((r) => r.when)) {
    const shared = paths[route.path]?.[route.method.toLowerCase()] as
      | { description?: string; parameters?: object[] }
      | undefined;
    if (!shared)
      throw new Error(`${route.method} ${route.path}?${route.when}: no row without the parameter to describe it on`);
    shared.description = `With \`${route.when}\`: ${route.summary ?? route.procedure}.`;
    shared.parameters = [
      ...(shared.parameters ?? []),
      { name: route.when, in: 'query', required: false, schema: { type: 'string' } },
    ];
  }
  // A path may have both (DELETE /api/business/logo is a procedure, POST carries the bytes).
  for (const [path, item] of Object.entries(fileOperations())) paths[path] = { ...paths[path], ...item };
  Object.assign(paths, liveOperations());
  return {
    openapi: '3.1.0',
    info: { title: M.api.title, version: '1.0.0', description: M.api.description },
    tags: [...new Set([...routes.map((r) => r.procedure.split('.')[0]), 'live'])].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorReply, 'output'), LiveEvent: liveEvent },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: M.api.bearer },
        staffCookie: { type: 'apiKey', in: 'cookie', name: SESSION.staffCookie, description: M.api.cookie },
        portalCookie: { type: 'apiKey', in: 'cookie', name: SESSION.portalCookie, description: M.api.cookie },
      },
    },
  };
}

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;
/** Built once, on first request: the table and the schemas do not change while the process runs. */
export const openApiDocument = () => (cached ??= buildOpenApiDocument());
