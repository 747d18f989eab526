import { config } from 'zod/v4/core';

/**
 * zod compiles a fast parser for each object schema with `new Function` unless told not to, and
 * a page under a strict Content-Security-Policy (no 'unsafe-eval') reports every such attempt.
 * The web app parses a few small forms: the interpreted parser is all it needs. This must run
 * before any schema is built, so main.tsx imports it first.
 */
config({ jitless: true });
