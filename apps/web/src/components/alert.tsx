import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons';

const tones = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: <AlertIcon size={18} className="text-red-600" /> },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    icon: <CheckCircleIcon size={18} className="text-emerald-600" />,
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-900',
    icon: <AlertIcon size={18} className="text-amber-600" />,
  },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: <InfoIcon size={18} className="text-sky-600" /> },
} as const;

export type AlertTone = keyof typeof tones;

/** A message box; errors and warnings are announced to screen readers. */
export function Alert({ tone, title, children }: { tone: AlertTone; title?: string; children?: ReactNode }) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${tones[tone].box}`}
    >
      <span className="mt-px shrink-0">{tones[tone].icon}</span>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
      </div>
    </div>
  );
}
