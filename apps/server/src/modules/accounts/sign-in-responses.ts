import { loginResultSchema } from '@uplink/contract/accounts';
import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';

/** What each step of a sign-in answers (the password step and an administrator's second factor alike). */
export const signInResponses = {
  200: envelopeSchema(loginResultSchema),
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  423: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
