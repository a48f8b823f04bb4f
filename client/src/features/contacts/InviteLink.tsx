import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy, MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { M } from '../../../../shared/messages';
import type { contactInviteOutput } from '../../../../shared/schemas/contacts';
import { cn } from '../../lib/cn';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { controlClass } from '../../ui/Field';
import { formatDateTime, useInvalidateContactData } from './contactParts';

export type PortalInvite = z.output<typeof contactInviteOutput>;

const P = M.contacts.portal;

/** The server may answer a path (/portal/{slug}/invite/{token}): people copy a full address. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

/** Why an invite was not e-mailed: no SMTP settings, or the SMTP server refused it. */
const notEmailedText = (invite: PortalInvite) => (invite.emailConfigured ? P.inviteSendFailed : P.inviteNotEmailed);

/**
 * contacts.sendInvite with its feedback: 'Invite sent' when it was e-mailed, else the link is only shown (no SMTP)
 * and the toast says so. The contact's details and the lists refresh (Invited).
 */
export function useSendInvite(onSent: (invite: PortalInvite, contactId: number) => void) {
  const invalidate = useInvalidateContactData();
  const emails = useRef(new Map<number, string>());
  const mutation = trpc.contacts.sendInvite.useMutation({
    onSuccess: (invite, input) => {
      onSent({ ...invite, url: absolute(invite.url) }, Number(input.id));
      if (invite.emailed)
        toast.success(P.inviteSent, { description: P.inviteSentText(emails.current.get(Number(input.id)) ?? '') });
      else toast(P.inviteCreated, { description: notEmailedText(invite) });
      void invalidate();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? P.inviteFailed }),
  });
  return {
    send: (contact: { id: number; email: string }) => {
      emails.current.set(contact.id, contact.email);
      mutation.mutate({ id: contact.id });
    },
    /** The contact whose invite is being created, if any. */
    pendingId: mutation.isPending && mutation.variables ? Number(mutation.variables.id) : null,
  };
}

/** A fresh invite link: read-only, with a Copy button (select-and-copy by hand when the clipboard is refused). */
export function InviteLink({
  invite,
  email,
  label = P.inviteLink,
  className,
}: {
  invite: PortalInvite;
  email: string;
  label?: string;
  className?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  const onCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(invite.url);
      setCopy('copied');
    } catch {
      // Non-secure origins and some browsers refuse the clipboard: leave the link selected for Ctrl+C.
      input.current?.focus();
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className={cn('rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          readOnly
          value={invite.url}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(controlClass(), 'min-w-0 flex-1 font-mono text-xs text-slate-700')}
          aria-describedby={`${id}-expiry`}
        />
        <Button variant="secondary" onClick={() => void onCopy()} className="shrink-0">
          {copy === 'copied' ? (
            <Check className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copy === 'copied' ? P.copied : P.copy}
        </Button>
      </div>
      <p id={`${id}-expiry`} className="mt-2 text-xs text-slate-500">
        {P.inviteExpires(formatDateTime(invite.expiresAt))} {invite.emailed && P.inviteSentText(email)}
      </p>
      {copy === 'failed' && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600">
          {P.copyFailed}
        </p>
      )}
      {!invite.emailed && (
        <p className="mt-2 flex items-start gap-2 text-xs text-amber-800">
          <MailWarning className="mt-px size-4 shrink-0" aria-hidden />
          {notEmailedText(invite)}
        </p>
      )}
      <span className="sr-only" aria-live="polite">
        {copy === 'copied' ? P.copied : ''}
      </span>
    </div>
  );
}
