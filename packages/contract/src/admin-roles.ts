/**
 * The administrators' roles and what each may do: the one table the server guards every admin
 * route with and the web app shows or hides navigation and actions by. No zod here, so the admin
 * navigation can read it on the first visit without loading any schema.
 */
export const adminRoles = ['OWNER', 'FINANCE', 'SUPPORT', 'ANALYST'] as const;
export type AdminRole = (typeof adminRoles)[number];

export const adminStatuses = ['ACTIVE', 'SUSPENDED'] as const;
export type AdminStatus = (typeof adminStatuses)[number];

/**
 * Every permission an admin route may declare. `own-totp.manage` is an administrator's own second
 * factor, which every role must be able to turn on (production asks it of everyone at first sign-in).
 */
export const permissions = [
  'dashboard.read',
  'members.read',
  'members.manage',
  'members.delete',
  'members.export',
  'reports.read',
  'withdrawals.read',
  'withdrawals.decide',
  'withdrawals.export',
  'payouts.read',
  'payouts.manage',
  'rewards.read',
  'rewards.export',
  'cycles.run',
  'audit.read',
  'audit.export',
  'team.manage',
  'risk.read',
  'risk.resolve',
  'mail.read',
  'mail.resend',
  'own-totp.manage',
] as const;
export type Permission = (typeof permissions)[number];

const everyRoleReads = [
  'dashboard.read',
  'members.read',
  'reports.read',
  'withdrawals.read',
  'payouts.read',
  'rewards.read',
  'risk.read',
  'mail.read',
  'own-totp.manage',
] as const satisfies readonly Permission[];

/**
 * Which permissions each role holds. OWNER holds every one; only OWNER manages the team.
 * @rule ROLE_PERMISSIONS
 */
export const rolePermissions: Record<AdminRole, readonly Permission[]> = {
  OWNER: permissions,
  FINANCE: [
    ...everyRoleReads,
    'withdrawals.decide',
    'withdrawals.export',
    'payouts.manage',
    'rewards.export',
    'cycles.run',
    'audit.read',
    'risk.resolve',
  ],
  SUPPORT: [...everyRoleReads, 'members.manage', 'mail.resend'],
  ANALYST: everyRoleReads,
};

/** Whether an administrator of `role` may do what `permission` guards. */
export function can(role: AdminRole, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (adminRoles as readonly string[]).includes(value);
}

/**
 * The roles whose holders may be a payout batch's second person — its approval, and the release of
 * a payment above the four-eyes limit — never its creator or exporter. A rule of its own, not read
 * off the table: a role later given `payouts.manage` does not become a second approver with it.
 * @rule SECOND_APPROVER_ROLES
 */
export const secondApproverRoles: readonly AdminRole[] = ['OWNER', 'FINANCE'];

/** How long an invitation's link is valid. */
export const adminInvitationHours = 72;

export const adminRoleLabels: Record<AdminRole, string> = {
  OWNER: 'Owner',
  FINANCE: 'Finance',
  SUPPORT: 'Support',
  ANALYST: 'Analyst',
};

/** The roles that hold `permission`, in the table's order, as a sentence names them: "Owner or Finance". */
export function rolesHolding(permission: Permission): string {
  const labels = adminRoles.filter((role) => can(role, permission)).map((role) => adminRoleLabels[role]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/**
 * The message of the server's 403 FORBIDDEN to an administrator whose role lacks `permission`
 * (a screen hides what the role may not do, so this is mostly a role changed meanwhile): it names
 * who can, so the administrator knows whom to ask.
 */
export const roleRefusal = (permission: Permission): string =>
  `Your role does not allow this. ${rolesHolding(permission)} can.`;

/** How a list names an administrator where it would name a member: "Administrator · Finance". */
export const administratorLabel = (role: AdminRole): string => `Administrator · ${adminRoleLabels[role]}`;

export const adminRoleDescriptions: Record<AdminRole, string> = {
  OWNER: 'Everything, and the only role that manages the team.',
  FINANCE:
    'Withdrawal decisions, payout batches, unmatched transfers, reward cycles, exports of withdrawals and rewards, the audit log.',
  SUPPORT:
    'Members: status changes, undelivered e-mails sent again; reads withdrawals, rewards, payouts and reports. No money decision, no export.',
  ANALYST: 'Read-only: the dashboard, lists and details. No export, no action.',
};

export const adminStatusLabels: Record<AdminStatus, string> = {
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
};

/** What each permission lets an administrator do, for the roles table of the docs and the team screen. */
export const permissionLabels: Record<Permission, string> = {
  'dashboard.read': 'Read the dashboard',
  'members.read': 'List and view members',
  'members.manage': "Change a member's status",
  'members.delete': 'Delete a member',
  'members.export': 'Export members',
  'reports.read': "Read members' reports",
  'withdrawals.read': 'List and view withdrawals',
  'withdrawals.decide': 'Approve, reject or block a withdrawal; release its payment claim',
  'withdrawals.export': 'Export withdrawals',
  'payouts.read': 'List and view payout batches and unmatched transfers',
  'payouts.manage': 'Create, delete, approve, export, release and pay payout batches',
  'rewards.read': 'List rewards and reward cycles',
  'rewards.export': 'Export rewards',
  'cycles.run': 'Preview and run a reward cycle',
  'audit.read': 'Read the audit log',
  'audit.export': 'Export the audit log',
  'team.manage': 'Invite, change, suspend and remove administrators',
  'risk.read': 'Read risk events',
  'risk.resolve': 'Dismiss or confirm a risk event',
  'mail.read': 'List the e-mails that could not be delivered (recipients in full only with members.manage)',
  'mail.resend': 'Send an undelivered e-mail again',
  'own-totp.manage': 'Turn their own two-factor sign-in on or off',
};

/** The texts of the team screens, the invitation page and the forbidden admin page. */
export const adminTeamTexts = {
  title: 'Team',
  forbidden: "You don't have access to this page.",
  administrators: 'Administrators',
  invitations: 'Pending invitations',
  invite: 'Invite an administrator',
  invited: 'Invitation sent.',
  noInvitations: 'No pending invitation.',
  you: 'You',
  confirmInvite: (email: string, role: AdminRole) =>
    `Invite ${email} as ${adminRoleLabels[role]}? They receive a link valid for ${adminInvitationHours} hours.`,
  confirmRevoke: (email: string) => `Revoke the invitation to ${email}? Its link stops working at once.`,
  revoked: 'Invitation revoked.',
  confirmRoleChange: (name: string, role: AdminRole) =>
    `Make ${name} ${adminRoleLabels[role]}? They are signed out at once and sign in again with the new role.`,
  roleChanged: 'Role changed.',
  confirmSuspend: (name: string) => `Suspend ${name}? They are signed out at once and cannot sign in until reinstated.`,
  suspended: 'Administrator suspended.',
  confirmReinstate: (name: string) => `Reinstate ${name}? They can sign in again.`,
  reinstated: 'Administrator reinstated.',
  confirmRemove: (name: string) =>
    `Remove ${name} from the team? They are signed out at once and can no longer sign in. This cannot be undone.`,
  removed: 'Administrator removed.',
  invitationTitle: 'Join the Uplink administrators',
  invitationIntro: 'Choose a password to finish setting up your administrator account.',
  invitationAccepted: 'Your administrator account is ready. You can sign in now.',
  invitationMissingToken: 'The invitation link is missing its token.',
  invitationInvalid: 'This invitation link is invalid, used, revoked or expired. Ask an owner for a new invitation.',
  invitationNotFound: 'No pending invitation has this id.',
  accountExists: 'An account with this e-mail address already exists, so it cannot be invited.',
  administratorNotFound: 'No administrator has this id.',
  sameRole: 'The administrator already has this role.',
  alreadySuspended: 'The administrator is already suspended.',
  notSuspended: 'The administrator is not suspended.',
} as const;
