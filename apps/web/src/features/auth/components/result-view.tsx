import type { ComponentType } from 'react';

const tones = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
  error: 'bg-red-50 text-red-700 ring-red-100',
} as const;

/** The round icon at the top of an auth card's result view (mail sent, verified, failed). */
export function StatusIcon({ icon: Icon, tone }: { icon: ComponentType<{ size?: number }>; tone: keyof typeof tones }) {
  return (
    <div className={`flex h-12 w-12 items-center justify-center rounded-full ring-4 ${tones[tone]}`}>
      <Icon size={24} />
    </div>
  );
}
