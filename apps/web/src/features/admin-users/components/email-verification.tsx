import { CheckCircleIcon, XCircleIcon } from '../../../components/icons';

/** An e-mail address with a verified or unverified icon; screen readers hear which. */
export function EmailWithVerification({ email, verified }: { email: string; verified: boolean }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      {/* On a narrow card the address breaks after its @, not inside its domain ("example.co / m"). */}
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {at < 0 ? email : [email.slice(0, at + 1), <wbr key="break" />, email.slice(at + 1)]}
      </span>
      {verified ? (
        <CheckCircleIcon size={16} className="text-emerald-600" />
      ) : (
        <XCircleIcon size={16} className="text-red-600" />
      )}
      <span className="sr-only">{verified ? '(verified)' : '(unverified)'}</span>
    </span>
  );
}
