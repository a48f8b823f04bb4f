/**
 * A conversation in the portal, as the client sees it: never an internal note (the server's rule), "Seen" when the
 * agency has read their message, edit and delete of their own within 15 minutes. A staff preview reads it only.
 */
import { useCallback } from 'react';
import { messages as T } from '../../../../shared/messages/messages';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../../ui/Feedback';
import { Conversation, sendAttachment } from '../messages/Conversation';
import { usePortalUser } from './session';

const PAGE = 30;

export function PortalThread({ threadId }: { threadId: number }) {
  const user = usePortalUser();
  const utils = trpc.useUtils();
  const detail = trpc.portalMessages.thread.useQuery({ threadId });
  const pages = trpc.portalMessages.messages.useInfiniteQuery(
    { threadId, limit: PAGE },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const refresh = () => {
    void utils.portalMessages.messages.invalidate({ threadId });
    void utils.portalMessages.threads.invalidate();
  };
  const post = trpc.portalMessages.post.useMutation({ onSuccess: refresh });
  const edit = trpc.portalMessages.edit.useMutation({ onSuccess: refresh });
  const remove = trpc.portalMessages.delete.useMutation({ onSuccess: refresh });
  const typing = trpc.portalLive.typing.useMutation();
  const read = trpc.portalMessages.markRead.useMutation({
    onSuccess: () => {
      void utils.portalMessages.unread.invalidate();
      void utils.portalMessages.threads.invalidate();
    },
  });
  const readMutate = read.mutate;
  const preview = Boolean(user.preview);
  const markRead = useCallback(
    (messageId: number) => {
      if (!preview) readMutate({ threadId, messageId });
    },
    [readMutate, threadId, preview],
  );
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  return (
    <Conversation
      pages={pages.data?.pages}
      isPending={pages.isPending}
      isError={pages.isError}
      refetch={() => void pages.refetch()}
      hasOlder={pages.hasNextPage}
      loadOlder={() => void pages.fetchNextPage()}
      loadingOlder={pages.isFetchingNextPage}
      audience="client"
      agencyReadUpTo={detail.data?.agencyReadUpTo}
      send={(input) => post.mutateAsync({ threadId, body: input.body, attachmentIds: input.attachmentIds })}
      edit={(messageId, body) => edit.mutateAsync({ messageId, body })}
      remove={(messageId) => remove.mutateAsync({ messageId })}
      markRead={markRead}
      // Their files become their company's files, shown to them and to the agency (a preview writes nothing).
      upload={
        preview
          ? undefined
          : (file, options) =>
              sendAttachment('/api/portal/messages/upload', { threadId: String(threadId) }, file, options.onProgress)
      }
      draftKey={`cf-portal-draft-${threadId}`}
      typing={{
        channel: `thread:${threadId}`,
        send: () => typing.mutate({ channel: `thread:${threadId}` }),
        // The server never echoes a client's own indicator back to them.
        isSelf: () => false,
      }}
      readOnly={preview}
      emptyText={T.noMessagesPortal}
    />
  );
}
