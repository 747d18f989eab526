import { passwordRequirements } from '@uplink/contract/password-rules';
import { CheckIcon } from '../../../components/icons';

/** The password rules, each ticked live as the typed password meets it. */
export function PasswordRequirementsList({ password }: { password: string }) {
  return (
    <ul
      className="space-y-1.5 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm"
      aria-label="Password requirements"
    >
      {passwordRequirements.map((requirement) => {
        const met = requirement.test(password);
        return (
          <li
            key={requirement.id}
            data-met={met}
            className={`flex items-center gap-2 ${met ? 'text-emerald-700' : 'text-slate-600'}`}
          >
            <span
              aria-hidden="true"
              className={`flex h-4 w-4 shrink-0 items-center justify-center rounded-full ${
                met ? 'bg-emerald-600 text-white' : 'border border-slate-300 bg-white text-transparent'
              }`}
            >
              <CheckIcon size={11} strokeWidth={3} />
            </span>
            <span>{requirement.label}</span>
            <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
