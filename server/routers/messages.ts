/** Messages (server/domain/messages): the hub's inbox, threads, messages, read markers and assignment. */
import {
  assignInput,
  companyThreadInput,
  editMessageInput,
  inboxInput,
  inboxOutput,
  markReadInput,
  markReadOutput,
  messageIdInput,
  messageOutput,
  messagesPageInput,
  messagesPageOutput,
  postMessageInput,
  projectThreadInput,
  startTopicInput,
  threadDetailOutput,
  threadIdInput,
  unreadOutput,
} from '../../shared/schemas/messages';
import {
  assignThread,
  companyThread,
  deleteMessage,
  editMessage,
  getThread,
  inbox,
  listThreadMessages,
  markThreadRead,
  postMessage,
  projectThread,
  startTopic,
  unreadThreads,
} from '../domain/messages';
import { router, staffProcedure } from '../trpc';

export const messagesRouter = router({
  inbox: staffProcedure
    .input(inboxInput)
    .output(inboxOutput)
    .query(({ ctx, input }) => inbox(ctx, input)),

  unread: staffProcedure.output(unreadOutput).query(({ ctx }) => unreadThreads(ctx)),

  thread: staffProcedure
    .input(threadIdInput)
    .output(threadDetailOutput)
    .query(({ ctx, input }) => getThread(ctx, input)),

  companyThread: staffProcedure
    .input(companyThreadInput)
    .output(threadDetailOutput)
    .mutation(({ ctx, input }) => companyThread(ctx, input)),

  projectThread: staffProcedure
    .input(projectThreadInput)
    .output(threadDetailOutput)
    .mutation(({ ctx, input }) => projectThread(ctx, input)),

  startTopic: staffProcedure
    .input(startTopicInput)
    .output(threadDetailOutput)
    .mutation(({ ctx, input }) => startTopic(ctx, input)),

  messages: staffProcedure
    .input(messagesPageInput)
    .output(messagesPageOutput)
    .query(({ ctx, input }) => listThreadMessages(ctx, input)),

  post: staffProcedure
    .input(postMessageInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => postMessage(ctx, input)),

  edit: staffProcedure
    .input(editMessageInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => editMessage(ctx, input)),

  delete: staffProcedure
    .input(messageIdInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => deleteMessage(ctx, input)),

  markRead: staffProcedure
    .input(markReadInput)
    .output(markReadOutput)
    .mutation(({ ctx, input }) => markThreadRead(ctx, input)),

  assign: staffProcedure
    .input(assignInput)
    .output(threadDetailOutput)
    .mutation(({ ctx, input }) => assignThread(ctx, input)),
});
