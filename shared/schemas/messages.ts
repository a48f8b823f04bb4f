/**
 * Messages (issue 30): conversations between the agency and a client company. Staff `messages.*` and the portal's
 * `portal.messages.*` take and answer these; the portal's outputs carry no staff-only field (zod strips the rest).
 */
import { z } from 'zod';
import { M } from '../messages';
import { idSchema, pageInput, queryFlag } from './common';
import { storedEnum } from './output';
import { SEARCH_LIMITS } from './search';
import { SEARCH_ONLY_KINDS } from '../entities';

export const MESSAGE_BODY_MAX = 10_000;
/** A message can be edited or deleted by its author for this long after it was sent. */
export const MESSAGE_EDIT_WINDOW_MINUTES = 15;
export const MESSAGE_ATTACHMENTS_MAX = 10;
export const THREAD_KINDS = ['company', 'project', 'topic'] as const;
export const MESSAGE_SUBJECT_MAX = 200;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/** The text of a message: trimmed; empty (or only whitespace) and longer than 10,000 characters are refused. */
export const messageBodySchema = z
  .string()
  .trim()
  .min(1, M.messages.empty)
  .max(MESSAGE_BODY_MAX, M.messages.tooLong(MESSAGE_BODY_MAX));

const subjectSchema = z.string().trim().min(1, M.messages.subjectRequired).max(MESSAGE_SUBJECT_MAX);
const search = z.string().trim().max(100).optional();

// ---- Staff ----

/** The inbox: unread first, then newest; filters are ANDed. cursor: the previous page's opaque nextCursor. */
export const inboxInput = z.object({
  limit: pageInput.limit,
  cursor: z.string().trim().min(1).max(2000).nullish(),
  search,
  companyId: idSchema.optional(),
  projectId: idSchema.optional(),
  unread: queryFlag.optional(),
  waiting: queryFlag.optional(),
  mine: queryFlag.optional(),
});

const ref = z.object({ id: z.number().int(), name: z.string() });

const threadOutput = z.object({
  id: z.number().int(),
  kind: storedEnum(THREAD_KINDS),
  /** What the thread is called: the topic's subject, the project's or the company's name. */
  title: z.string(),
  subject: z.string().nullable(),
  company: ref,
  project: ref.nullable(),
  assignee: ref.nullable(),
  lastMessageAt: z.date(),
  waitingOnStaff: z.boolean(),
  unread: z.number().int(),
  /** The newest message a staff member sees (internal notes included), for the inbox's line. */
  preview: z.string().nullable(),
  previewAuthor: z.string().nullable(),
  previewInternal: z.boolean(),
});
export type ThreadRow = z.infer<typeof threadOutput>;

export const inboxOutput = z.object({
  items: z.array(threadOutput),
  nextCursor: z.string().nullable(),
  total: z.number().int().nullable(),
});

export const threadIdInput = z.object({ threadId: idSchema });
/** The company's own thread (created on demand). */
export const companyThreadInput = z.object({ companyId: idSchema });
/** A project's thread (created on demand). */
export const projectThreadInput = z.object({ projectId: idSchema });
export const startTopicInput = z.object({
  companyId: idSchema,
  subject: subjectSchema,
  projectId: idSchema.optional(),
});
export const assignInput = z.object({ threadId: idSchema, assigneeId: idSchema.nullable() });

/** A page of a thread, keyset from the newest: cursor = the oldest message id already shown. */
export const messagesPageInput = z.object({ threadId: idSchema, ...pageInput });

const attachmentOutput = z.object({ id: z.number().int(), name: z.string(), size: z.number().int(), url: z.string() });

export const messageOutput = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  author: z.object({
    kind: z.enum(['staff', 'contact']),
    id: z.number().int().nullable(),
    name: z.string(),
  }),
  /** Empty once deleted. */
  body: z.string(),
  internal: z.boolean(),
  editedAt: z.date().nullable(),
  deletedAt: z.date().nullable(),
  createdAt: z.date(),
  /** The caller wrote it and may still edit or delete it (within the 15 minutes). */
  mine: z.boolean(),
  attachments: z.array(attachmentOutput),
});
export type MessageRow = z.infer<typeof messageOutput>;

/** How far each participant has read: per message, "seen by" is everyone whose lastReadMessageId ≥ its id. */
const readerOutput = z.object({
  kind: z.enum(['staff', 'contact']),
  id: z.number().int(),
  name: z.string(),
  lastReadMessageId: z.number().int(),
  lastReadAt: z.date(),
});

export const threadDetailOutput = z.object({ thread: threadOutput, readers: z.array(readerOutput) });

export const messagesPageOutput = z.object({
  items: z.array(messageOutput),
  /** The id to pass as cursor for older messages; null when this page reaches the first message. */
  nextCursor: z.number().int().nullable(),
});

export const postMessageInput = z.object({
  threadId: idSchema,
  body: messageBodySchema,
  internal: z.boolean().default(false),
  /** Company files (uploaded first, POST /api/documents/upload) to attach; each must be the thread's company's. */
  attachmentIds: z
    .array(idSchema)
    .max(MESSAGE_ATTACHMENTS_MAX, M.messages.tooManyAttachments(MESSAGE_ATTACHMENTS_MAX))
    .default([]),
});
export const editMessageInput = z.object({ messageId: idSchema, body: messageBodySchema });
export const messageIdInput = z.object({ messageId: idSchema });
export const markReadInput = z.object({ threadId: idSchema, messageId: idSchema.optional() });
export const markReadOutput = z.object({ lastReadMessageId: z.number().int() });
export const unreadOutput = z.object({ threads: z.number().int() });

// ---- Portal ----

const slug = z.string().trim().toLowerCase().min(1).max(100).optional();

export const portalThreadsInput = z.object({ ...pageInput, slug });
const portalThreadOutput = z.object({
  id: z.number().int(),
  kind: storedEnum(THREAD_KINDS),
  title: z.string(),
  project: ref.nullable(),
  lastMessageAt: z.date(),
  unread: z.number().int(),
  preview: z.string().nullable(),
  previewAuthor: z.string().nullable(),
});
export const portalThreadsOutput = z.object({
  items: z.array(portalThreadOutput),
  nextCursor: z.number().int().nullable(),
  total: z.number().int().nullable(),
});
export const portalThreadInput = z.object({ threadId: idSchema, slug });
/** The company's conversation (created when the client first opens it), or a visible project's. */
export const portalOpenInput = z.object({ projectId: idSchema.optional(), slug });
export const portalThreadDetailOutput = z.object({
  thread: portalThreadOutput,
  /** The newest message the agency's staff have read (any of them); a client's message up to it shows "Seen". */
  agencyReadUpTo: z.number().int(),
});
export const portalMessageOutput = messageOutput.omit({ internal: true });
export const portalMessagesPageInput = z.object({ threadId: idSchema, ...pageInput, slug });
export const portalMessagesPageOutput = z.object({
  items: z.array(portalMessageOutput),
  nextCursor: z.number().int().nullable(),
});
/**
 * A client's message. attachmentIds: files uploaded first (POST /api/portal/messages/upload), each one of their own
 * company's files they may see (the portal's rule for files); anything else is NOT_FOUND.
 */
export const portalPostInput = z.object({
  threadId: idSchema,
  body: messageBodySchema,
  attachmentIds: z
    .array(idSchema)
    .max(MESSAGE_ATTACHMENTS_MAX, M.messages.tooManyAttachments(MESSAGE_ATTACHMENTS_MAX))
    .default([]),
  slug,
});
/** The text field of a client's attachment upload (multipart, before the file): the conversation it is for. */
export const portalMessageUploadFields = z.object({ threadId: idSchema });
/** The uploaded file, to name in portalPostInput.attachmentIds. */
export const portalMessageUploadOutput = z.object({ id: z.number().int(), name: z.string(), size: z.number().int() });
export const portalEditInput = z.object({ messageId: idSchema, body: messageBodySchema, slug });
export const portalMessageIdInput = z.object({ messageId: idSchema, slug });
export const portalMarkReadInput = z.object({ threadId: idSchema, messageId: idSchema.optional(), slug });
export const portalUnreadInput = z.object({ slug }).optional();

/** The portal's search of the client's conversations and review comments (portal.messages.search). */
export const portalMessageSearchInput = z.object({
  slug,
  q: z.string().max(SEARCH_LIMITS.queryMax, M.search.queryTooLong(SEARCH_LIMITS.queryMax)).default(''),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.perKindMax).default(SEARCH_LIMITS.perKindDefault),
});

const portalMessageSearchResult = z.object({
  kind: z.enum(SEARCH_ONLY_KINDS),
  id: z.number().int(),
  /** The conversation a thread or message opens in; null for a review comment. */
  threadId: z.number().int().nullable(),
  /** The conversation's name (its subject, or its project's or company's); a review comment's file's name. */
  title: z.string(),
  /** Who wrote the message or comment (null for a conversation found by its subject). */
  author: z.string().nullable(),
  snippet: z.string(),
  /** Where it opens, relative to /portal/{slug}/. */
  path: z.string(),
});
export type PortalMessageSearchResult = z.infer<typeof portalMessageSearchResult>;

export const portalMessageSearchOutput = z.object({
  q: z.string(),
  terms: z.array(z.string()),
  results: z.array(portalMessageSearchResult),
});
