import type { ReactNode } from 'react';
import { Dialog as HDialog, DialogPanel, DialogTitle, DialogBackdrop } from '@headlessui/react';
import { X } from 'lucide-react';
import { M } from '../../../shared/messages';

type Props = { open: boolean; onClose: () => void; title: ReactNode; children: ReactNode; size?: 'md' | 'lg' };

/** Modal dialog: focus is trapped inside, Escape and the backdrop close it. */
export function Dialog({ open, onClose, title, children, size = 'lg' }: Props) {
  return (
    <HDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto p-4 sm:p-8">
        <div className="flex min-h-full items-start justify-center sm:items-center">
          <DialogPanel
            transition
            className={`w-full ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'} rounded-xl bg-white shadow-xl ring-1 ring-slate-200 transition data-closed:scale-95 data-closed:opacity-0`}
          >
            <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
              {/* First in the tab order (Shift+Tab from the first field reaches it), drawn at the right. */}
              <button
                type="button"
                onClick={onClose}
                className="order-last -mr-1 shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                aria-label={M.common.close}
              >
                <X className="size-5" aria-hidden />
              </button>
              <DialogTitle className="min-w-0 text-lg font-semibold text-slate-900">{title}</DialogTitle>
            </div>
            <div className="px-6 py-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </HDialog>
  );
}
