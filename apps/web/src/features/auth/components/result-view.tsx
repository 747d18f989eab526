import type { ComponentType, ReactNode } from 'react';

const tones = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
  error: 'bg-red-50 text-red-700 ring-red-100',
} as const;

/**
 * The outcome of an auth step (mail sent, verified, failed): a round icon, the message and the
 * ways on. Failures are announced as alerts, everything else as status.
 */
export function ResultView({
  icon: Icon,
  tone,
  message,
  children,
}: {
  icon: ComponentType<{ size?: number }>;
  tone: keyof typeof tones;
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center text-center">
      <div className={`flex h-14 w-14 items-center justify-center rounded-full ring-8 ${tones[tone]}`}>
        <Icon size={28} />
      </div>
      <div role={tone === 'error' ? 'alert' : 'status'} className="mt-6 text-slate-700 text-sm leading-relaxed">
        {message}
      </div>
      {children ? <div className="mt-6 w-full space-y-3">{children}</div> : null}
    </div>
  );
}
