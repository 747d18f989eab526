import { z } from 'zod';
import { userStatuses } from './constants';

/** `PUT /users/{id}/status`: an administrator sets a member's status (it must change). */
export const memberStatusChangeSchema = z.object({
  status: z.enum(userStatuses, { error: `Status must be one of ${userStatuses.join(', ')}` }),
});

export const adminUserTexts = {
  statusUpdated: (status: string) => `User status updated to ${status} successfully!`,
  sameStatus: 'The new status must differ from the current one.',
  ownStatus: 'You cannot change your own status.',
  lastAdministrator: 'The last active administrator cannot be locked or disabled.',
} as const;
