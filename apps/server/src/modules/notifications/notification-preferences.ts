import type { NotificationPreferences, NotificationPreferencesUpdate } from '@uplink/contract/notifications';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context';

/** The member's notice switches; every notice is on until they turn it off. */
export async function viewNotificationPreferences(
  deps: Pick<AppContext, 'db'>,
  memberId: string,
): Promise<NotificationPreferences> {
  return (await findNotificationPreferences(deps, memberId)) ?? toPreferences(undefined);
}

/** The switches of the member with this id, or null when there is none (a link that outlived its member). */
export async function findNotificationPreferences(
  deps: Pick<AppContext, 'db'>,
  memberId: string,
): Promise<NotificationPreferences | null> {
  const { rows } = await sql<Partial<PreferenceRow>>`
    SELECT p.reward_locked, p.forfeit_warning, p.cycle_summary, p.subscription_ending, p.invitation_reminder
      FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id
     WHERE u.id = ${memberId}`.execute(deps.db);
  return rows[0] ? toPreferences(rows[0]) : null;
}

/** Sets the switches named; the others keep their value. One statement: two changes at once both land. */
export async function updateNotificationPreferences(
  deps: Pick<AppContext, 'db' | 'clock'>,
  memberId: string,
  update: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  const value = (kind: keyof NotificationPreferencesUpdate) => update[kind] ?? null;
  const { rows } = await sql<PreferenceRow>`
    INSERT INTO notification_preferences AS p
           (user_id, reward_locked, forfeit_warning, cycle_summary, subscription_ending, invitation_reminder, updated_at)
    VALUES (${memberId}, coalesce(${value('rewardLocked')}::boolean, true), coalesce(${value('forfeitWarning')}::boolean, true),
            coalesce(${value('cycleSummary')}::boolean, true), coalesce(${value('subscriptionEnding')}::boolean, true),
            coalesce(${value('invitationReminder')}::boolean, true), ${deps.clock.now()})
    ON CONFLICT (user_id) DO UPDATE SET
      reward_locked = coalesce(${value('rewardLocked')}::boolean, p.reward_locked),
      forfeit_warning = coalesce(${value('forfeitWarning')}::boolean, p.forfeit_warning),
      cycle_summary = coalesce(${value('cycleSummary')}::boolean, p.cycle_summary),
      subscription_ending = coalesce(${value('subscriptionEnding')}::boolean, p.subscription_ending),
      invitation_reminder = coalesce(${value('invitationReminder')}::boolean, p.invitation_reminder),
      updated_at = EXCLUDED.updated_at
    RETURNING reward_locked, forfeit_warning, cycle_summary, subscription_ending, invitation_reminder`.execute(deps.db);
  return toPreferences(rows[0]);
}

interface PreferenceRow {
  reward_locked: boolean;
  forfeit_warning: boolean;
  cycle_summary: boolean;
  subscription_ending: boolean;
  invitation_reminder: boolean;
}

const toPreferences = (row: Partial<PreferenceRow> | undefined): NotificationPreferences => ({
  rewardLocked: row?.reward_locked ?? true,
  forfeitWarning: row?.forfeit_warning ?? true,
  cycleSummary: row?.cycle_summary ?? true,
  subscriptionEnding: row?.subscription_ending ?? true,
  invitationReminder: row?.invitation_reminder ?? true,
});
