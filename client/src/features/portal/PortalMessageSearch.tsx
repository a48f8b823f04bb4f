/**
 * The portal messages page's search: the client's conversations (by subject) and messages (by text), as the
 * server's portal.messages.search finds them (never an internal note); each result opens its conversation.
 */
import { Link } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { messages as T } from '../../../../shared/messages/messages';
import { searchTerms } from '../../../../shared/schemas/search';
import { trpc } from '../../lib/trpc';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { Highlight } from '../search/highlight';
import { portalPath } from './session';

export function PortalMessageSearch({ slug, search, agency }: { slug: string; search: string; agency: string }) {
  const results = trpc.portalMessages.search.useQuery({ q: search, limit: 20 }, { placeholderData: keepPreviousData });
  const terms = searchTerms(search);
  if (results.isError) return <LoadFailed onRetry={() => void results.refetch()} />;
  if (results.isPending) return <Skeleton className="h-24 w-full" />;
  const found = results.data.results;
  if (found.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-sm text-slate-500">
        <p className="font-medium text-slate-700">{T.portalSearchNone(search)}</p>
        <p className="mt-1">{T.portalSearchNoneHint}</p>
      </div>
    );
  return (
    <ul
      aria-label={T.portalSearchResults(search)}
      className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200"
    >
      {found.map((r) => (
        <li key={`${r.kind}-${r.id}`}>
          <Link
            to={portalPath(slug, r.path)}
            className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
          >
            <span className="block truncate text-sm font-medium text-slate-900">
              <Highlight text={r.title || agency} terms={terms} />
            </span>
            <p className="mt-1 line-clamp-2 text-sm text-slate-600">
              {r.author ? `${r.author}: ` : `${T.portalSearchConversation} · `}
              <Highlight text={r.snippet || r.title} terms={terms} />
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
