/**
 * Several companies per client login (issue 32): the "Choose a company" page a contact of several companies sees
 * after signing in (before anything else), the header's switch menu, and a mailed link's ?company= that opens the
 * company it is about. The session carries the company (server/auth/sessions.ts); choosing resets every query so no
 * page keeps another company's data.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Check, ChevronDown, LogOut } from 'lucide-react';
import { portalCompanies as T } from '../../../../shared/messages/portalCompanies';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Feedback';
import { menuPanelClass, onMenuKeyDown, useDropdown } from '../../ui/useDropdown';
import { PortalAuthFrame } from './PortalBrand';
import type { PortalBrand } from './branding';
import type { PortalUser } from './session';

/** Opens a company in this session, then refetches everything (the portal's data is the company's). */
function useChooseCompany() {
  const queryClient = useQueryClient();
  return trpc.portalCompanies.choose.useMutation({ onSuccess: () => queryClient.resetQueries() });
}

/** "Choose a company": the agency's branding beside the list of the contact's companies. */
export function CompanyChooser({
  user,
  brand,
  onSignOut,
}: {
  user: PortalUser;
  brand: PortalBrand | null;
  onSignOut: () => void;
}) {
  useDocumentTitle(T.chooser.title);
  const companies = trpc.portalCompanies.list.useQuery();
  const choose = useChooseCompany();
  return (
    <PortalAuthFrame
      brand={brand}
      businessName={user.business.name}
      title={T.chooser.title}
      subtitle={T.chooser.intro(user.business.name)}
    >
      {companies.isPending ? (
        <Spinner label={T.chooser.title} />
      ) : (
        <ul className="space-y-2" aria-label={T.chooser.title}>
          {(companies.data?.companies ?? []).map((company) => (
            <li key={company.id}>
              <button
                type="button"
                disabled={choose.isPending}
                onClick={() => choose.mutate({ companyId: company.id })}
                aria-label={T.chooser.open(company.name)}
                className="flex w-full items-center gap-3 rounded-xl bg-white px-4 py-3 text-left ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-60"
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  <Building2 className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{company.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="ghost" size="sm" className="mt-6" onClick={onSignOut}>
        <LogOut className="size-4" aria-hidden /> {T.chooser.signOut}
      </Button>
    </PortalAuthFrame>
  );
}

/** The header's menu of the contact's companies (shown when the login opens more than one); keyboard: the menu pattern. */
export function CompanySwitcher({ user }: { user: PortalUser }) {
  const dropdown = useDropdown('start');
  // Read with the header (one small query), so the menu's items are there to take the focus when it opens.
  const companies = trpc.portalCompanies.list.useQuery();
  const choose = useChooseCompany();
  const name = user.companyName ?? '';
  const itemClass =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
  return (
    <>
      <button
        type="button"
        {...dropdown.button}
        aria-haspopup="menu"
        aria-label={T.switcher.label(name)}
        className="flex w-full min-w-0 items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:w-auto"
      >
        <Building2 className="size-4 shrink-0 text-slate-500" aria-hidden />
        <span className="min-w-0 flex-1 truncate text-left sm:max-w-48">{name}</span>
        <ChevronDown className="size-4 shrink-0 text-slate-400" aria-hidden />
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a native popover panel; its keys are the menu's, handled for its items */}
      <div
        {...dropdown.panel}
        onToggle={(event) => {
          dropdown.panel.onToggle(event);
          if (event.newState === 'open') event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        }}
        onKeyDown={(event) => onMenuKeyDown(event, dropdown.close)}
        className={cn(menuPanelClass, 'w-72 max-w-[calc(100vw-16px)]')}
      >
        <p className="px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{T.switcher.heading}</p>
        {companies.isPending ? (
          <Spinner label={T.switcher.heading} />
        ) : (
          <div role="menu" aria-label={T.switcher.heading} className="max-h-80 overflow-y-auto">
            {(companies.data?.companies ?? []).map((company) => (
              <button
                key={company.id}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-current={company.current || undefined}
                className={itemClass}
                onClick={() => {
                  dropdown.close();
                  if (!company.current) choose.mutate({ companyId: company.id });
                }}
              >
                <span className="min-w-0 flex-1 truncate">{company.name}</span>
                {company.current && (
                  <>
                    <Check className="size-4 shrink-0 text-brand-600" aria-hidden />
                    <span className="sr-only">{T.switcher.current}</span>
                  </>
                )}
              </button>
            ))}
          </div>
        )}
      </div>
    </>
  );
}

/**
 * A mailed link names its company (?company=): the portal opens it when the contact belongs to it (else the chooser
 * or the current company stays), then drops the parameter. busy: while the switch is under way.
 */
export function useCompanyFromLink(user: PortalUser | undefined): boolean {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('company'));
  const choose = useChooseCompany();
  const started = useRef<number | null>(null);
  const pending = Boolean(user) && Number.isInteger(wanted) && wanted > 0 && user?.companyId !== wanted;
  useEffect(() => {
    if (!user || !params.has('company')) return;
    const drop = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('company');
          return next;
        },
        { replace: true },
      );
    if (!pending) return drop();
    if (started.current === wanted) return;
    started.current = wanted;
    choose.mutate({ companyId: wanted }, { onSettled: drop });
  }, [user, params, pending, wanted, choose, setParams]);
  return pending && params.has('company');
}
