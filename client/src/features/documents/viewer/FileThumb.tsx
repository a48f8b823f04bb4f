import { useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A file's thumbnail (made by the server's preview job, cached for good under its content hash), or `fallback`
 * (the type's icon) while there is none: pending, no preview for this type, failed, or not loaded.
 */
export function FileThumb({
  thumbUrl,
  fallback,
  className,
}: {
  thumbUrl: string | null;
  fallback: ReactNode;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!thumbUrl || broken === thumbUrl) return <>{fallback}</>;
  return (
    <img
      src={thumbUrl}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setBroken(thumbUrl)}
      className={cn('shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200 ring-inset', className)}
    />
  );
}
