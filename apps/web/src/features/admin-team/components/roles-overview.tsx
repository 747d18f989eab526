import { adminRoleDescriptions, adminRoles } from '@uplink/contract/admin-roles';
import { Card, CardHeader } from '../../../components/card';
import { RoleBadge } from './team-badges';

/** What each role may do, beside the team it is given to. */
export function RolesOverview() {
  return (
    <Card>
      <CardHeader title="Roles" subtitle="What each role may do; only owners manage the team" />
      <ul className="grid gap-px overflow-hidden rounded-b-2xl bg-slate-100 sm:grid-cols-2 xl:grid-cols-4">
        {adminRoles.map((role) => (
          <li key={role} className="bg-white px-5 py-4 sm:px-6">
            <RoleBadge role={role} />
            <p className="mt-2 text-slate-600 text-sm leading-relaxed">{adminRoleDescriptions[role]}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
