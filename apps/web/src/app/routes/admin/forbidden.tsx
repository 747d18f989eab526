import { adminRoleLabels, adminTeamTexts } from '@uplink/contract/admin-roles';
import { ButtonLink } from '../../../components/button';
import { LockIcon } from '../../../components/icons';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * What an admin page answers to an administrator whose role does not permit it, a deep link
 * included: a page of the admin area saying so, with the way back to the dashboard.
 */
export default function AdminForbiddenPage() {
  const { user } = useAuth();
  useDocumentTitle('No access');
  const role = user?.adminRole ? adminRoleLabels[user.adminRole] : null;
  return (
    <section className="flex min-h-[60vh] items-center justify-center py-8">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-700 ring-8 ring-amber-50/60">
          <LockIcon size={26} />
        </span>
        <h1 className="mt-6 text-balance font-bold text-slate-900 text-xl tracking-tight">
          {adminTeamTexts.forbidden}
        </h1>
        <p className="mt-3 text-balance text-slate-600 text-sm leading-relaxed">
          {role ? `Your role (${role}) does not include it.` : 'Your role does not include it.'} An owner of your team
          can change your role if you need it.
        </p>
        <ButtonLink to="/admin/dashboard" className="mt-8">
          Back to the dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
