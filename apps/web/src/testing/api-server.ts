import type { ErrorCode } from '@uplink/contract/error-codes';
import { HttpResponse, http, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';

/** The API the screens under test call: a call no handler of the test answers fails the test. */
export const apiServer = setupServer();

/** A refused call, as the server's error envelope carries it. */
interface Refusal {
  refused: { status: number; errorCode: ErrorCode; message: string };
}

export function refusal(status: number, errorCode: ErrorCode, message = ''): Refusal {
  return { refused: { status, errorCode, message } };
}

function refusalResponse({ refused: { status, errorCode, message } }: Refusal, data: unknown = null) {
  return HttpResponse.json({ success: false, message, data, error: message || null, errorCode }, { status });
}

/**
 * Answers `method /api<path>` (MSW path syntax, `:id`) for the rest of the test, typed by the
 * contract: the body the screen sends goes through the endpoint's request schema, which refuses it
 * with VALIDATION_ERROR exactly as the server would, and the answer goes through the response
 * schema, so a handler can never answer what the server would not.
 */
export function onApi<Response extends z.ZodType = z.ZodNull, Request extends z.ZodType = z.ZodUnknown>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  /** Without `response` the endpoint answers no data (`data: null`). */
  contract: { response?: Response; request?: Request },
  reply: (call: {
    body: z.output<Request>;
    params: PathParams;
    url: URL;
  }) => z.input<Response> | Refusal | Promise<z.input<Response> | Refusal>,
): void {
  apiServer.use(
    http[method](`*/api${path}`, async ({ request, params }) => {
      let body: unknown;
      if (contract.request) {
        const parsed = contract.request.safeParse(await request.json());
        if (!parsed.success) {
          const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
          return refusalResponse(refusal(400, 'VALIDATION_ERROR', errors[0]?.message), { errors });
        }
        body = parsed.data;
      }
      const answer = await reply({ body: body as z.output<Request>, params, url: new URL(request.url) });
      if (typeof answer === 'object' && answer !== null && 'refused' in answer)
        return refusalResponse(answer as Refusal);
      const data = contract.response ? contract.response.parse(answer) : null;
      return HttpResponse.json({ success: true, message: '', data, error: null, errorCode: null });
    }),
  );
}
