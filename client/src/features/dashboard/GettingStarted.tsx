import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { dashboard } from '../../../../shared/messages/dashboard';
import { cn } from '../../lib/cn';
import type { RouterOutputs } from '../../lib/trpc';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { dashboard } as const;

type Checklist = RouterOutputs['dashboard']['overview']['checklist'];
type Step = keyof Checklist;

const STEPS: Step[] = ['company', 'contact', 'portalAccess', 'branding'];

const itemClass =
  'group flex h-full w-full items-start gap-3 rounded-lg px-3 py-3 text-left text-sm ring-1 ring-inset transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

type StepAction = { onClick: () => void; onIntent?: () => void } | { to: string };

function StepItem({
  done,
  number,
  children,
  action,
  compact,
  next,
}: {
  done: boolean;
  number: number;
  children: ReactNode;
  action: StepAction;
  compact?: boolean;
  /** The first open step: drawn as the one to do now. */
  next?: boolean;
}) {
  const icon = done ? (
    <CheckCircle2 className="mt-px size-5 shrink-0 text-emerald-600" aria-hidden />
  ) : (
    <span
      className={cn(
        'mt-px grid size-5 shrink-0 place-items-center rounded-full text-[11px] font-semibold tabular-nums',
        next
          ? 'bg-brand-600 text-white'
          : 'text-slate-500 ring-1 ring-slate-300 ring-inset group-hover:text-brand-700 group-hover:ring-brand-400',
      )}
      aria-hidden
    >
      {number}
    </span>
  );
  if (done)
    return (
      <div className={cn(itemClass, 'bg-slate-50 text-slate-500 ring-slate-200')}>
        {icon}
        <span className="flex-1">
          <span className="sr-only">{`${number}. `}</span>
          <s className="decoration-slate-300">{children}</s>
          <span className="sr-only">{` (${M.dashboard.stepDone})`}</span>
        </span>
      </div>
    );
  const content = (
    <>
      {icon}
      <span className="flex-1 font-medium text-slate-800 group-hover:text-brand-700">
        <span className="sr-only">{`${number}. `}</span>
        {children}
      </span>
      <ArrowRight
        className="mt-0.5 size-4 shrink-0 text-slate-300 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-600"
        aria-hidden
      />
    </>
  );
  const live = cn(
    itemClass,
    compact && 'py-2',
    next
      ? 'bg-brand-50/60 ring-brand-200 hover:bg-brand-50'
      : 'bg-white ring-slate-200 hover:bg-brand-50/40 hover:ring-brand-200',
  );
  return 'to' in action ? (
    <Link to={action.to} className={live}>
      {content}
    </Link>
  ) : (
    <button
      type="button"
      onClick={action.onClick}
      onMouseEnter={action.onIntent}
      onFocus={action.onIntent}
      className={live}
    >
      {content}
    </button>
  );
}

/**
 * A new agency's four first steps; each ticks itself off from the agency's data (dashboard.overview's checklist)
 * and an open one leads to its next action. The dashboard hides the card once all four are done.
 */
export function GettingStarted({
  checklist,
  onAddCompany,
  onAddContact,
  onCompanyIntent,
  onContactIntent,
  importAction,
}: {
  checklist: Checklist;
  onAddCompany: () => void;
  onAddContact: () => void;
  onCompanyIntent: () => void;
  onContactIntent: () => void;
  /** "Import from CSV" for an agency with a spreadsheet of clients already (nothing when the user may not import). */
  importAction?: ReactNode;
}) {
  const done = STEPS.filter((s) => checklist[s]).length;
  const actions: Record<Step, StepAction> = {
    company: { onClick: onAddCompany, onIntent: onCompanyIntent },
    contact: { onClick: onAddContact, onIntent: onContactIntent },
    portalAccess: { to: '/hub/contacts' },
    branding: { to: '/hub/account?tab=branding' },
  };
  const progress = (
    <div className="flex items-center gap-3">
      <div
        className="h-1.5 w-20 overflow-hidden rounded-full bg-slate-100 sm:w-28"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={STEPS.length}
        aria-valuenow={done}
        aria-label={M.dashboard.gettingStarted}
      >
        <div
          className="h-full rounded-full bg-emerald-500 transition-[width]"
          style={{ width: `${(done / STEPS.length) * 100}%` }}
        />
      </div>
      <span className="text-xs font-medium whitespace-nowrap text-slate-500 tabular-nums">
        {M.dashboard.checklistDone(done, STEPS.length)}
      </span>
    </div>
  );
  const open = STEPS.filter((s) => !checklist[s]);

  // One step left: a slim bar, so an agency that is nearly set up keeps its numbers near the top.
  if (open.length === 1) {
    const step = open[0];
    return (
      <section
        aria-labelledby="dash-getting-started"
        className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-white px-4 py-2.5 shadow-xs ring-1 ring-slate-200 sm:px-5"
      >
        <h2 id="dash-getting-started" className="text-sm font-semibold text-slate-900">
          {M.dashboard.gettingStarted}
        </h2>
        {progress}
        <div className="w-full sm:ml-auto sm:w-auto sm:min-w-72">
          <StepItem done={false} number={STEPS.indexOf(step) + 1} action={actions[step]} compact next>
            {M.dashboard.checklist[step]}
          </StepItem>
        </div>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="dash-getting-started"
      className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="dash-getting-started" className="text-base font-semibold text-slate-900">
            {M.dashboard.gettingStarted}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{M.dashboard.gettingStartedText}</p>
        </div>
        <div className="sm:pt-1">{progress}</div>
      </div>
      <ol className="mt-4 grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
        {STEPS.map((step, i) => (
          <li key={step}>
            <StepItem done={checklist[step]} number={i + 1} action={actions[step]} next={step === open[0]}>
              {M.dashboard.checklist[step]}
            </StepItem>
          </li>
        ))}
      </ol>
      {importAction && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-500">
          <span>{M.dashboard.importHint}</span>
          {importAction}
        </div>
      )}
    </section>
  );
}
