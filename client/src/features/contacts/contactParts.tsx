import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { M } from '../../../../shared/messages';
import type { contactRowOutput } from '../../../../shared/schemas/contacts';
import { cn } from '../../lib/cn';
import { Badge, type Tone } from '../../ui/Badge';

/** A contact as lists show it, and as the dialog reads it (the shared contracts, so the client never drifts). */
export type ContactRow = z.output<typeof contactRowOutput>;

export const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();
const initials = (c: { firstName: string; lastName: string }) =>
  `${c.firstName.charAt(0)}${c.lastName.charAt(0)}`.toUpperCase();

/** US English dates (spec §2), e.g. "Jun 3, 2025, 4:05 PM". */
export { formatDate, formatDateTime } from '../../../../shared/dates';

// A few soft tints, picked by the name, so neighbouring avatars differ without meaning anything.
const avatarTints = [
  'bg-brand-50 text-brand-700',
  'bg-sky-50 text-sky-700',
  'bg-emerald-50 text-emerald-700',
  'bg-amber-50 text-amber-800',
  'bg-violet-50 text-violet-700',
  'bg-rose-50 text-rose-700',
];

export function ContactAvatar({
  contact,
  size = 'md',
}: {
  contact: { firstName: string; lastName: string };
  size?: 'sm' | 'md' | 'lg';
}) {
  const name = fullName(contact);
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center rounded-full font-semibold',
        avatarTints[hash % avatarTints.length],
        size === 'sm' && 'size-8 text-xs',
        size === 'md' && 'size-9 text-sm',
        size === 'lg' && 'size-12 text-base',
      )}
    >
      {initials(contact)}
    </span>
  );
}

export type PortalState = ContactRow['portalState'];

/**
 * Where a contact stands with the client portal, as the server derives it (Invited / Active / No access); a link made
 * on this screen counts as Invited before the list refreshes.
 */
export function portalState(c: { portalState: PortalState }, inviteJustSent = false): PortalState {
  return inviteJustSent && c.portalState === 'none' ? 'invited' : c.portalState;
}

const portalTone: Record<PortalState, Tone> = { none: 'gray', invited: 'blue', active: 'green' };

export function PortalBadge({ state, className }: { state: PortalState; className?: string }) {
  return (
    <Badge tone={portalTone[state]} className={cn('whitespace-nowrap', className)}>
      {M.contacts.portal.status[state]}
    </Badge>
  );
}

/**
 * Refreshes everything a contact change can alter: contact lists and details, company counts, and the dashboard
 * (whose router may or may not be mounted: matched by key, so this never depends on it).
 */
export function useInvalidateContactData() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const path = query.queryKey[0];
        return Array.isArray(path) && ['contacts', 'companies', 'dashboard'].includes(String(path[0]));
      },
    });
}
