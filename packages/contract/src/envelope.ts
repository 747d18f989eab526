import { z } from 'zod';
import { errorCodes } from './error-codes';

/** Every reply of the API, errors included, has this shape. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data: data,
    error: z.string().nullable(),
    errorCode: z.enum(errorCodes).nullable(),
  });
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z
    .object({ errors: z.array(fieldErrorSchema).optional() })
    .passthrough()
    .nullable(),
  error: z.string().nullable(),
  errorCode: z.enum(errorCodes).nullable(),
  requiresVerification: z.boolean().optional(),
});

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
  error: string | null;
  errorCode: (typeof errorCodes)[number] | null;
  requiresVerification?: boolean;
}
