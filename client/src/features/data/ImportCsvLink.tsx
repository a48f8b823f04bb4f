import { FileUp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { importFromCsv } from '../../../../shared/messages/frames';
import { can } from '../../../../shared/permissions';
import type { CsvImportKind } from '../../../../shared/schemas/data';
import { useSession } from '../../app/useSession';
import { buttonClass } from '../../ui/Button';

/** Account → Data with the import wizard set to this kind of CSV (ImportWizard reads ?import=). The dashboard shows
 * it on its first screen: only its one text of the catalogue is loaded. */
const importPath = (kind: CsvImportKind) => `/hub/account?tab=data&import=${kind}`;

/** "Import from CSV": a secondary action, for those who may import (owners and admins); nothing for others. */
export function ImportCsvLink({ kind, size = 'md' }: { kind: CsvImportKind; size?: 'sm' | 'md' }) {
  const { user } = useSession();
  if (!user || !can(user.role, 'data.import')) return null;
  return (
    <Link to={importPath(kind)} className={buttonClass('secondary', size)}>
      <FileUp className="size-4" aria-hidden /> {importFromCsv}
    </Link>
  );
}
