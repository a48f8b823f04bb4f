import { useEffect, useState } from 'react';
import { M } from '../../../../shared/messages';
import { PASSWORD_MIN_SCORE, passwordStrength } from '../../../../shared/schemas/auth';
import { cn } from '../../lib/cn';

type Strength = Awaited<ReturnType<typeof passwordStrength>>;

/** Starts downloading the estimator's dictionaries (their own chunk) before the first keystroke needs them. */
export const preloadPasswordStrength = () => void passwordStrength('');

const SEGMENTS = 4;
/** Scores 0–4 on four segments: red and amber below the accepted score, green from it. */
const barColour = (score: number) =>
  score >= PASSWORD_MIN_SCORE ? 'bg-emerald-500' : score === PASSWORD_MIN_SCORE - 1 ? 'bg-amber-400' : 'bg-red-500';

/**
 * The sign-up form's strength meter: the same estimator, dictionaries, user inputs and threshold as the server's
 * refusal (a score below PASSWORD_MIN_SCORE), so what it calls strong enough is accepted. Phrasing content only:
 * it sits in the password field's hint, which the field describes itself with.
 */
export function PasswordStrengthMeter({ password, userInputs }: { password: string; userInputs: string[] }) {
  const [strength, setStrength] = useState<{ password: string; result: Strength } | null>(null);
  const inputsKey = userInputs.join('\u0000');

  useEffect(() => {
    if (!password) return;
    let current = true;
    void passwordStrength(password, inputsKey.split('\u0000').filter(Boolean)).then((result) => {
      if (current) setStrength({ password, result });
    });
    return () => {
      current = false;
    };
  }, [password, inputsKey]);

  if (!password) return null;
  // Until the dictionaries arrive (first use only), say so rather than show a stale or empty bar.
  const result = strength?.result;
  if (!result) return <span className="block">{M.passwordStrength.checking}</span>;
  const { score, warning, suggestions } = result;
  const weak = score < PASSWORD_MIN_SCORE;
  const advice = weak
    ? [warning, ...suggestions].filter(Boolean).slice(0, 2).join(' ') || M.signup.passwordTooWeak
    : '';

  return (
    <span className="block space-y-1.5">
      <span aria-hidden className="flex gap-1">
        {Array.from({ length: SEGMENTS }, (_, i) => (
          <span
            key={i}
            className={cn(
              'h-1.5 flex-1 rounded-full transition-colors',
              i < Math.max(1, score) ? barColour(score) : 'bg-slate-200',
            )}
          />
        ))}
      </span>
      <span aria-live="polite" className={cn('block font-medium', weak ? 'text-red-700' : 'text-emerald-700')}>
        {M.passwordStrength.label}: {M.passwordStrength.levels[score]}
      </span>
      {advice && <span className="block text-slate-600">{advice}</span>}
    </span>
  );
}
