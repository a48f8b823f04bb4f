import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/**
 * A record or dialog the address asks for (?task=12, ?new=1: links from search, notifications and the activity
 * log): `onValue` runs once with the parameter's value, then the parameter leaves the address.
 */
export function useLinkParam(name: string, onValue: (value: string) => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const value = params.get(name);
  const handler = useRef(onValue);
  handler.current = onValue;
  useEffect(() => {
    if (value === null) return;
    handler.current(value);
    const rest = new URLSearchParams(window.location.search);
    rest.delete(name);
    void navigate({ search: rest.size ? `?${rest}` : '' }, { replace: true, preventScrollReset: true });
  }, [name, value, navigate]);
}
