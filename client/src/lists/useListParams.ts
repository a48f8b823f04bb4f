import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list screen's search, filters and view mode, kept in the URL so a filtered list
 * can be reloaded, bookmarked and shared. Keys missing from the URL take their defaults.
 */
// `defaults` is a literal made anew each render and never changes, so it is left out of the hooks' dependencies.
export function useListParams<T extends Record<string, string>>(defaults: T) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => {
    const out = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const v = searchParams.get(key as string);
      if (v !== null) out[key] = v as T[keyof T];
    }
    return out;
  }, [searchParams]);

  const set = useCallback(
    (key: keyof T, value: string) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === defaults[key]) next.delete(key as string);
          else next.set(key as string, value);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  /** Clears search and filters; the view mode stays. */
  const clear = useCallback(() => {
    setSearchParams((prev) => {
      const next = new URLSearchParams();
      const view = prev.get('view');
      if (view) next.set('view', view);
      return next;
    }, { replace: true });
  }, [setSearchParams]);

  const active = Object.keys(defaults).some((k) => k !== 'view' && values[k as keyof T] !== defaults[k as keyof T]);
  return { values, set, clear, active };
}

export function useDebouncedValue<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
