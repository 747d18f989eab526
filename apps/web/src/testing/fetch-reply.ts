import { vi } from 'vitest';

/**
 * Answers every `fetch` with a success envelope holding `data` (undo with `vi.unstubAllGlobals`);
 * gives the URL last asked for.
 */
export function replyWith(data: unknown): () => string {
  const envelope = JSON.stringify({ success: true, message: '', data, error: null, errorCode: null });
  const fetchMock = vi.fn(async () => new Response(envelope, { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return () => (fetchMock.mock.calls.at(-1) as unknown as [string])[0];
}
