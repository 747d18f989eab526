import { z } from 'zod';

/**
 * The path parameters of a route on one record: the id is only bounded here (control characters
 * are refused for every input); the use case answers a non-UUID as its record's not-found.
 */
export const idParams = z.object({ id: z.string().max(100) });
