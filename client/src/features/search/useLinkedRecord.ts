import { toast } from 'sonner';
import { idSchema } from '../../../../shared/schemas/common';
import { useLinkParam } from './useLinkParam';

/**
 * ?{name}={id}: fetches that record and opens it (its page's edit or details dialog); a record that is gone or
 * not the agency's shows the server's sentence.
 */
export function useLinkedRecord<T>(name: string, fetch: (id: number) => Promise<T>, open: (record: T) => void) {
  useLinkParam(name, (value) => {
    const id = idSchema.safeParse(value);
    if (!id.success) return;
    fetch(id.data).then(open, (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
  });
}
