import { Check, UserPlus, X } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';

const T = M.clientTeam;
const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * The company's contacts tab, above its people (issue 32): colleagues its client admins asked to invite, each to
 * approve (the contact is made with portal access and mailed the invite) or decline. Nothing while none wait.
 */
export function InvitationRequests({ companyId }: { companyId: number }) {
  const utils = trpc.useUtils();
  const requests = trpc.colleagueInvites.list.useQuery({ companyId });
  const settled = () => {
    void utils.colleagueInvites.list.invalidate();
    void utils.contacts.list.invalidate();
    void utils.companies.get.invalidate({ id: companyId });
  };
  const approve = trpc.colleagueInvites.approve.useMutation({
    onSuccess: (done) => {
      const name = nameOf(done);
      if (done.emailed) toast.success(T.approved(name));
      else toast.warning(T.approvedNotMailed(name));
      settled();
    },
    onError: (error) => {
      toast.error(errorText(error) ?? M.common.error);
      settled();
    },
  });
  const decline = trpc.colleagueInvites.decline.useMutation({
    onSuccess: (done) => {
      toast.success(T.declined(nameOf(done)));
      settled();
    },
    onError: (error) => {
      toast.error(errorText(error) ?? M.common.error);
      settled();
    },
  });
  const items = requests.data?.items ?? [];
  if (!items.length) return null;
  const busyId = approve.isPending ? approve.variables?.id : decline.isPending ? decline.variables?.id : undefined;

  return (
    <section
      aria-labelledby="invitation-requests-title"
      className="mb-6 rounded-xl bg-amber-50/60 ring-1 ring-amber-200"
    >
      <div className="flex items-start gap-3 px-4 pt-4">
        <UserPlus className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div className="min-w-0">
          <h2 id="invitation-requests-title" className="text-sm font-semibold text-slate-900">
            {T.requestsTitle} <span className="font-normal text-slate-500">({items.length})</span>
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{T.requestsText}</p>
        </div>
      </div>
      <ul className="mt-2 divide-y divide-amber-100">
        {items.map((request) => {
          const name = nameOf(request);
          const when = formatDate(request.createdAt);
          return (
            <li key={request.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1 basis-60">
                <p className="truncate text-sm font-medium text-slate-900">
                  {name} <span className="font-normal text-slate-500">· {request.email}</span>
                </p>
                <p className="truncate text-xs text-slate-500">
                  {request.invitedBy ? T.requestedBy(request.invitedBy.name, when) : T.pendingRow(when)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  busy={approve.isPending && busyId === request.id}
                  disabled={busyId !== undefined}
                  onClick={() => approve.mutate({ id: request.id })}
                  aria-label={T.approveOf(name)}
                >
                  <Check className="size-4" aria-hidden /> {T.approve}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  busy={decline.isPending && busyId === request.id}
                  disabled={busyId !== undefined}
                  onClick={() => decline.mutate({ id: request.id })}
                  aria-label={T.declineOf(name)}
                >
                  <X className="size-4" aria-hidden /> {T.decline}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
