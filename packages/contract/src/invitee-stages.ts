/*
 * An invitee's stages and their labels, without the schemas: a screen that only shows them loads
 * neither zod nor decimal.js (invitations.ts forwards them).
 */

/**
 * The stages of an invitee, in order: the first hurdle they have not passed. The database decides
 * them (`invitee_stage`, migration 0270, whose order a test pins to this list).
 */
export const inviteeStages = [
  'REGISTERED',
  'EMAIL_VERIFIED',
  'PARTLY_PAID',
  'SUBSCRIPTION_PAID',
  'UID_LINKED',
  'ELIGIBLE',
  'EARNING',
] as const;
export type InviteeStage = (typeof inviteeStages)[number];

/** What each stage says of the invitee, on the list and its filter. */
export const inviteeStageLabels: Record<InviteeStage, string> = {
  REGISTERED: 'Registered',
  EMAIL_VERIFIED: 'E-mail verified',
  PARTLY_PAID: 'Partly paid',
  SUBSCRIPTION_PAID: 'Subscription paid',
  UID_LINKED: 'BingX UID linked',
  ELIGIBLE: 'Eligible',
  EARNING: 'Earning',
};
