import { z } from 'zod';
import { registerRequestSchema, resetPasswordRequestSchema } from './accounts';
import { adminRoles, adminStatuses } from './admin-roles';
import { oneOfSchema } from './one-of';

/**
 * The team API's bodies and answers. The roles, the permissions and the table between them live in
 * `admin-roles.ts` (no zod), which screens import for navigation and actions.
 */

const roleSchema = oneOfSchema('Role', adminRoles);

/** Who did something to the team: `null` for the root administrator, whom nobody invited. */
const inviterSchema = z
  .object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
  .nullable();

export const teamAdministratorSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(adminRoles),
  status: z.enum(adminStatuses),
  totpEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  invitedBy: inviterSchema,
});
export type TeamAdministrator = z.infer<typeof teamAdministratorSchema>;

/** A pending invitation: neither accepted, revoked nor expired. */
export const adminInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(adminRoles),
  expiresAt: z.string(),
  invitedBy: inviterSchema,
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;

/** `GET /admin/team`: the administrators (owners first, then by name) and the pending invitations. */
export const adminTeamSchema = z.object({
  administrators: z.array(teamAdministratorSchema),
  invitations: z.array(adminInvitationSchema),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

/** `POST /admin/team/invitations`: the same name and address rules as a registration. */
export const adminInvitationRequestSchema = registerRequestSchema
  .pick({ email: true, firstName: true, lastName: true })
  .extend({ role: roleSchema });
export type AdminInvitationRequest = z.input<typeof adminInvitationRequestSchema>;
export type AdminInvitationInput = z.output<typeof adminInvitationRequestSchema>;

/**
 * `POST /admin/team/invitations/accept` (public): the invitation link's token and a password, held
 * to the reset screen's rules (`unmetPasswordRequirements`, then the confirmation).
 */
export const adminInvitationAcceptSchema = z.object({
  token: resetPasswordRequestSchema.shape.token,
  password: resetPasswordRequestSchema.shape.newPassword,
  confirmPassword: resetPasswordRequestSchema.shape.confirmPassword,
});
export type AdminInvitationAcceptRequest = z.input<typeof adminInvitationAcceptSchema>;
export type AdminInvitationAcceptInput = z.output<typeof adminInvitationAcceptSchema>;

/** The answer to an accepted invitation: the address to sign in with. */
export const adminInvitationAcceptedSchema = z.object({ email: z.string() });
export type AdminInvitationAccepted = z.infer<typeof adminInvitationAcceptedSchema>;

/** `PUT /admin/team/{id}`. */
export const adminRoleChangeSchema = z.object({ role: roleSchema });
export type AdminRoleChangeRequest = z.input<typeof adminRoleChangeSchema>;
