import { Download } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { can } from '../../../../shared/permissions';
import { useSession } from '../../app/useSession';
import { Button } from '../../ui/Button';
import { useCompanyExport } from './useExport';

const P = M.data.page;

/** The company page's "Export data" (owners and admins): this client's own data as a zip, now or by e-mail. */
export function CompanyExportButton({ companyId, className }: { companyId: number; className?: string }) {
  const { user } = useSession();
  const requestExport = useCompanyExport();
  if (!user || !can(user.role, 'data.exportCompany')) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => requestExport.mutate({ companyId })}
      busy={requestExport.isPending}
      title={P.companyExportHint}
      className={className}
    >
      {!requestExport.isPending && <Download className="size-4" aria-hidden />}
      {requestExport.isPending ? P.exporting : P.companyExport}
    </Button>
  );
}
