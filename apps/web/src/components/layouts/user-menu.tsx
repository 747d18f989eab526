import type { MemberProfile } from '@uplink/contract/accounts';
import { Avatar } from '../avatar';
import { DropdownMenu } from '../dropdown-menu';
import { ChartIcon, ChevronDownIcon, LogOutIcon, SettingsIcon } from '../icons';

/** Where a signed-in user's Dashboard and Profile Settings live, by role. */
export function accountPaths(user: { isAdmin: boolean }): { dashboard: string; settings: string } {
  return user.isAdmin
    ? { dashboard: '/admin/dashboard', settings: '/admin/settings' }
    : { dashboard: '/dashboard', settings: '/profile' };
}

/** The signed-in menu: first name, last name and e-mail; Dashboard, Profile Settings, Sign Out. */
export function UserMenu({
  user,
  onSignOut,
  inverted,
}: {
  user: MemberProfile;
  onSignOut: () => void;
  inverted: boolean;
}) {
  const paths = accountPaths(user);
  return (
    <DropdownMenu
      label="Account menu"
      triggerClassName={`flex items-center gap-2 rounded-full p-1 pr-2 transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${inverted ? 'text-white hover:bg-white/10' : 'text-slate-700 hover:bg-slate-100'}`}
      trigger={
        <>
          <Avatar user={user} />
          <span className="hidden max-w-32 truncate font-medium text-sm sm:inline">{user.firstName}</span>
          <ChevronDownIcon size={16} />
        </>
      }
      header={
        <>
          <p className="font-semibold text-slate-900">
            <span>{user.firstName}</span> <span>{user.lastName}</span>
          </p>
          <p className="truncate text-slate-600 text-sm">{user.email}</p>
        </>
      }
      entries={[
        { kind: 'link', label: 'Dashboard', to: paths.dashboard, icon: <ChartIcon size={18} /> },
        { kind: 'link', label: 'Profile Settings', to: paths.settings, icon: <SettingsIcon size={18} /> },
        { kind: 'action', label: 'Sign Out', onSelect: onSignOut, icon: <LogOutIcon size={18} />, danger: true },
      ]}
    />
  );
}
