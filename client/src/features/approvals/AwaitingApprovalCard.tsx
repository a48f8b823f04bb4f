import { refetchUnlessFromPage } from '../../lib/pageReplies';
import { trpc } from '../../lib/trpc';
import { AwaitingApprovalBox } from './AwaitingApprovalBox';

/** The dashboard's "Awaiting approval": pending requests and the overdue among them, linking to the files' filter. */
export function AwaitingApprovalCard() {
  const summary = trpc.approvals.summary.useQuery(undefined, { refetchOnMount: refetchUnlessFromPage });
  return <AwaitingApprovalBox summary={summary.data} />;
}
