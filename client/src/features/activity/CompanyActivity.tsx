import { useState } from 'react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import type { ActivityEntityType } from '../../../../shared/activity';
import { FilterSelect } from '../../lists/ListToolbar';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { trpc } from '../../lib/trpc';
import { ActivityFeed } from './ActivityFeed';
import { COMPANY_KINDS, isKind, kindOptions } from './kinds';

const A = M.activity;

/** The company page's Activity tab: the company's entries, newest first, with a kind filter. */
export function CompanyActivity({ companyId }: { companyId: number }) {
  const [kind, setKind] = useState<ActivityEntityType | ''>('');
  const list = useInfiniteList(trpc.activity.forCompany, {
    companyId,
    limit: LIMITS.pageSize,
    ...(kind ? { entityType: kind } : {}),
  });
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-end">
        <FilterSelect
          label={A.kindFilterLabel}
          value={kind}
          onChange={(v) => setKind(isKind(v) ? v : '')}
          options={kindOptions(COMPANY_KINDS)}
        />
      </div>
      <ActivityFeed
        label={A.title}
        showCompany={false}
        entries={list.state === 'loading' || list.state === 'error' ? undefined : list.items}
        isPending={list.state === 'loading'}
        isError={list.state === 'error'}
        onRetry={list.retry}
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        loadMoreFailed={list.loadMoreFailed}
        onLoadMore={list.loadMore}
        refreshing={list.refreshing}
        empty={kind ? { title: A.noMatchTitle, text: A.noMatchText } : { title: A.emptyTitle, text: A.emptyCompany }}
      />
    </div>
  );
}
