import { useCallback } from 'react';
import { DEFAULT_CURRENCY, formatMoney } from '../../../shared/money';
import { trpc } from './trpc';

/**
 * The agency's currency (Account → Business) and a formatter for amounts in it ("$4,800.00"). Every staff member
 * may read the business; the account page's save updates the same cached read, so amounts follow a new currency.
 */
export function useMoney() {
  const business = trpc.business.get.useQuery(undefined, { staleTime: 5 * 60_000 });
  const currency = business.data?.currency ?? DEFAULT_CURRENCY;
  const format = useCallback((amount: number) => formatMoney(amount, currency), [currency]);
  return { currency, format };
}
