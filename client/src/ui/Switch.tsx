import { Switch as HSwitch } from '@headlessui/react';
import { cn } from '../lib/cn';

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name, when no visible label names the switch. */
  label: string;
  disabled?: boolean;
  /** A change is being saved: the switch waits. */
  busy?: boolean;
};

/** An on/off switch (Headless UI: role="switch", Space toggles). */
export function Switch({ checked, onChange, label, disabled, busy }: SwitchProps) {
  return (
    <HSwitch
      checked={checked}
      disabled={disabled || busy}
      onChange={onChange}
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60',
        busy ? 'disabled:cursor-wait' : 'disabled:cursor-not-allowed',
        checked ? 'bg-brand-600' : 'bg-slate-300',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'inline-block size-5 translate-y-0.5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </HSwitch>
  );
}
