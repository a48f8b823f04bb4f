/** The portal's messages (server/domain/messages/portal.ts): the client's own company's conversations only. */
import {
  markReadOutput,
  portalEditInput,
  portalMarkReadInput,
  portalMessageIdInput,
  portalMessageOutput,
  portalMessagesPageInput,
  portalMessageSearchInput,
  portalMessageSearchOutput,
  portalMessagesPageOutput,
  portalOpenInput,
  portalPostInput,
  portalThreadDetailOutput,
  portalThreadInput,
  portalThreadsInput,
  portalThreadsOutput,
  portalUnreadInput,
  unreadOutput,
} from '../../shared/schemas/messages';
import {
  portalDelete,
  portalEdit,
  portalMarkRead,
  portalMessages,
  portalOpenThread,
  portalPost,
  portalThread,
  portalThreads,
  portalUnread,
} from '../domain/messages/portal';
import { portalMessageSearch } from '../domain/search';
import { portalProcedure, router } from '../trpc';

export const portalMessagesRouter = router({
  threads: portalProcedure
    .input(portalThreadsInput)
    .output(portalThreadsOutput)
    .query(({ ctx, input }) => portalThreads(ctx, input)),

  unread: portalProcedure
    .input(portalUnreadInput)
    .output(unreadOutput)
    .query(({ ctx, input }) => portalUnread(ctx, input)),

  /** The client's conversations and messages whose words start with q's (never an internal note). */
  search: portalProcedure
    .input(portalMessageSearchInput)
    .output(portalMessageSearchOutput)
    .query(({ ctx, input }) => portalMessageSearch(ctx, input)),

  thread: portalProcedure
    .input(portalThreadInput)
    .output(portalThreadDetailOutput)
    .query(({ ctx, input }) => portalThread(ctx, input)),

  open: portalProcedure
    .input(portalOpenInput)
    .output(portalThreadDetailOutput)
    .mutation(({ ctx, input }) => portalOpenThread(ctx, input)),

  messages: portalProcedure
    .input(portalMessagesPageInput)
    .output(portalMessagesPageOutput)
    .query(({ ctx, input }) => portalMessages(ctx, input)),

  post: portalProcedure
    .input(portalPostInput)
    .output(portalMessageOutput)
    .mutation(({ ctx, input }) => portalPost(ctx, input)),

  edit: portalProcedure
    .input(portalEditInput)
    .output(portalMessageOutput)
    .mutation(({ ctx, input }) => portalEdit(ctx, input)),

  delete: portalProcedure
    .input(portalMessageIdInput)
    .output(portalMessageOutput)
    .mutation(({ ctx, input }) => portalDelete(ctx, input)),

  markRead: portalProcedure
    .input(portalMarkReadInput)
    .output(markReadOutput)
    .mutation(({ ctx, input }) => portalMarkRead(ctx, input)),
});
