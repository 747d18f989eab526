import { z } from 'zod';
import { hasUnsafeCharacters, unsafeTextMessage } from './unsafe-text';

/**
 * The base of every string field of a request, on the server and in the web app alike: a string
 * refused with `${label} must not contain …` when it carries a control or invisible character.
 * Chain the field's own rules (trim, length, format) after it.
 */
export function safeText(label: string, params?: { error: string }) {
  return z.string(params).refine((value) => !hasUnsafeCharacters(value), unsafeTextMessage(label));
}
