import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { buttonClass } from '../../ui/Button';

export function BackToSignIn() {
  return (
    <Link to="/hub/login" className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> {M.passwordReset.backToSignIn}
    </Link>
  );
}

export function SignInButton() {
  return (
    <Link to="/hub/login" className={buttonClass('secondary', 'md', 'w-full')}>
      {M.passwordReset.backToSignIn}
    </Link>
  );
}

/** A centred notice inside the card: an icon, the message, and what to do next. */
export function CardNotice({
  icon,
  tone = 'brand',
  children,
  action,
}: {
  icon: ReactNode;
  tone?: 'brand' | 'amber';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="space-y-6 text-center">
      <span
        className={cn(
          'mx-auto grid size-12 place-items-center rounded-full',
          tone === 'brand' ? 'bg-brand-50 text-brand-700' : 'bg-amber-50 text-amber-700',
        )}
      >
        {icon}
      </span>
      <p className="text-sm leading-6 text-slate-600">{children}</p>
      {action}
    </div>
  );
}
