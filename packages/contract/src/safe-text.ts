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

/** A request field's name as a label: `targetId` → "Target id", `bingXUID` → "Bing XUID". */
export function fieldLabel(name: string): string {
  const label = name
    .split(/(?<=[a-z0-9])(?=[A-Z])/)
    .map((word, index) => (index > 0 && /^[A-Z][a-z]/.test(word) ? word.toLowerCase() : word))
    .join(' ');
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}

export interface UnsafeText {
  path: (string | number)[];
  message: string;
}

/**
 * Every string of a request part as it arrived — a query, path parameters, a JSON body, at any
 * depth, names of fields included — that holds a control or invisible character.
 */
export function unsafeTextIn(value: unknown, path: (string | number)[] = []): UnsafeText[] {
  if (typeof value === 'string') {
    if (!hasUnsafeCharacters(value)) return [];
    const name = path.findLast((segment) => typeof segment === 'string');
    return [{ path, message: unsafeTextMessage(name === undefined ? 'Text' : fieldLabel(name)) }];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unsafeTextIn(item, [...path, index]));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    hasUnsafeCharacters(key)
      ? [{ path: [...path, key], message: unsafeTextMessage('A field name') }]
      : unsafeTextIn(item, [...path, key]),
  );
}

/**
 * The rule every request obeys before its own schema is asked: no string in it, wherever it is,
 * holds a control or invisible character. The server applies it to the query, the path
 * parameters and the body of every route (so a route cannot forget it); the fields' own schemas
 * build on `safeText` so forms say the same before anything is sent.
 */
export const safeRequestText = z.unknown().superRefine((value, context) => {
  for (const issue of unsafeTextIn(value))
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
