import { CheckCircleIcon } from '../../../components/icons';

/** Advice shown beside the password form; `title` differs between member tips and admin guidelines. */
export function SecurityTips({ title, tips }: { title: string; tips: readonly string[] }) {
  return (
    <div className="rounded-xl border border-brand-100 bg-brand-50/60 p-4">
      <h3 className="font-semibold text-brand-900 text-sm">{title}</h3>
      <ul className="mt-3 space-y-2">
        {tips.map((tip) => (
          <li key={tip} className="flex items-start gap-2 text-slate-700 text-sm">
            <CheckCircleIcon size={16} className="mt-0.5 shrink-0 text-brand-700" />
            {tip}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const memberSecurityTips = [
  'Use a unique password of at least 8 characters for your Uplink account.',
  'Never share your password or one-time codes — our team will never ask for them.',
  'Check that the address bar shows the Uplink site before you sign in.',
  'Sign out when you use a shared or public device.',
] as const;

export const adminSecurityGuidelines = [
  'Change the administrator password regularly and never reuse it elsewhere.',
  'Mix uppercase and lowercase letters, numbers and one of @$!%*?&.',
  'Sign out of the admin area on shared devices.',
  'Review withdrawal requests only from a trusted network.',
] as const;
