import { Link } from 'react-router-dom';
import { Construction } from 'lucide-react';
import { EmptyState } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { buttonClass } from '../../ui/Button';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Hub areas whose screens arrive in later releases: the route exists, and says so plainly. */
function Upcoming({ title, subtitle }: { title: string; subtitle: string }) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <EmptyState
        icon={<Construction className="size-10" />}
        title={`${title} are not available yet`}
        text="This part of the hub is being built. Companies, contacts, projects, tasks and files are ready to use today."
        action={
          <Link to="/hub/companies" className={buttonClass('secondary')}>
            Go to Companies
          </Link>
        }
      />
    </>
  );
}

export const FlowsPage = () => <Upcoming title="Flows" subtitle="Onboarding, intake and information workflows" />;
export const AccountPage = () => <Upcoming title="Account settings" subtitle="Business information, branding and integrations" />;
