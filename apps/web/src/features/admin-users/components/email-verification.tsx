import { CheckCircleIcon, XCircleIcon } from '../../../components/icons';

/** An e-mail address with a verified or unverified icon; screen readers hear which. */
export function EmailWithVerification({ email, verified }: { email: string; verified: boolean }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span className="min-w-0 break-all">{email}</span>
      {verified ? (
        <CheckCircleIcon size={16} className="text-emerald-600" />
      ) : (
        <XCircleIcon size={16} className="text-red-600" />
      )}
      <span className="sr-only">{verified ? '(verified)' : '(unverified)'}</span>
    </span>
  );
}
