import type { Permission } from '@uplink/contract/admin-roles';
import type { ReactNode } from 'react';
import {
  ChartIcon,
  FlagIcon,
  GiftIcon,
  KeyIcon,
  LifebuoyIcon,
  MailIcon,
  SettingsIcon,
  ShieldIcon,
  TreeIcon,
  TrendingUpIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../icons';

export interface NavigationItem {
  to: string;
  label: string;
  /** The line under the label in the sidebars. */
  subtitle: string;
  icon: ReactNode;
}

const dashboard: NavigationItem = {
  to: '/dashboard',
  label: 'Dashboard',
  subtitle: 'Overview & Stats',
  icon: <ChartIcon />,
};
const referrals: NavigationItem = {
  to: '/referrals',
  label: 'Referrals',
  subtitle: 'Invite & Earn',
  icon: <UsersIcon />,
};
const userTree: NavigationItem = {
  to: '/user-tree',
  label: 'User Tree',
  subtitle: 'Referral Network',
  icon: <TreeIcon />,
};
const rewards: NavigationItem = { to: '/rewards', label: 'Rewards', subtitle: 'Your Earnings', icon: <GiftIcon /> };
const profile: NavigationItem = {
  to: '/profile',
  label: 'Profile',
  subtitle: 'Profile & Security',
  icon: <UserIcon />,
};
const support: NavigationItem = {
  to: '/support',
  label: 'Support',
  subtitle: 'Get Assistance',
  icon: <LifebuoyIcon />,
};

/** Member sidebar: the main group and the bottom group. */
export const memberMainItems = [dashboard, referrals, userTree, rewards];
export const memberBottomItems = [profile, support];
/** The member links of the mobile menu, where Rewards comes before User Tree. */
export const memberMobileItems = [dashboard, referrals, rewards, userTree, profile];

/** An admin section and the permission its page needs (`null`: every administrator's own settings). */
export interface AdminNavigationItem extends NavigationItem {
  permission: Permission | null;
}

export const adminItems: AdminNavigationItem[] = [
  {
    to: '/admin/dashboard',
    label: 'Dashboard',
    subtitle: 'Overview & Analytics',
    icon: <ChartIcon />,
    permission: 'dashboard.read',
  },
  { to: '/admin/users', label: 'Users', subtitle: 'Manage Users', icon: <UsersIcon />, permission: 'members.read' },
  {
    to: '/admin/withdrawals',
    label: 'Withdrawals',
    subtitle: 'Review Requests',
    icon: <WalletIcon />,
    permission: 'withdrawals.read',
  },
  {
    to: '/admin/risk',
    label: 'Risk',
    subtitle: 'Review Flagged Accounts',
    icon: <FlagIcon />,
    permission: 'risk.read',
  },
  {
    to: '/admin/rewards',
    label: 'Rewards',
    subtitle: 'Reward Distribution',
    icon: <GiftIcon />,
    permission: 'rewards.read',
  },
  {
    to: '/admin/user-reports',
    label: 'User Reports',
    subtitle: 'Member Activity',
    icon: <TrendingUpIcon />,
    permission: 'reports.read',
  },
  {
    to: '/admin/mail',
    label: 'Failed Mail',
    subtitle: 'Undelivered E-mails',
    icon: <MailIcon />,
    permission: 'mail.read',
  },
  {
    to: '/admin/audit-log',
    label: 'Audit Log',
    subtitle: 'Administrator Actions',
    icon: <ShieldIcon />,
    permission: 'audit.read',
  },
  {
    to: '/admin/team',
    label: 'Team',
    subtitle: 'Administrators & Roles',
    icon: <KeyIcon />,
    permission: 'team.manage',
  },
  { to: '/admin/settings', label: 'Settings', subtitle: 'Admin Settings', icon: <SettingsIcon />, permission: null },
];

/** Landing-page sections a visitor can jump to. */
export const visitorLinks = [
  { to: '/', label: 'Home' },
  { to: '/#copy-trading', label: 'Copy Trading' },
  { to: '/#earn', label: 'Earn' },
  { to: '/#contact-us', label: 'Contact Us' },
] as const;
