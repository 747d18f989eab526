import { type UserStatus, userStatuses } from '@uplink/contract/constants';

/** The statuses an administrator may set: any but the current one, since a change must change it. */
export function statusChoices(current: UserStatus): UserStatus[] {
  return userStatuses.filter((status) => status !== current);
}
