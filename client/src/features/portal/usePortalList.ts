import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { SEARCH_DELAY_MS } from '../../lists/useListParams';

/** The list kit's infinite-query options: next page by cursor, previous rows kept (dimmed) while filters change. */
export const portalListOptions = {
  getNextPageParam: (lastPage: { nextCursor: number | null }) => lastPage.nextCursor,
  placeholderData: keepPreviousData,
};

/** The search text as typed, and the same text once typing pauses (what the query uses). */
export function useDebouncedSearch() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return { text, setText, search, flush: () => setSearch(text.trim()) };
}
