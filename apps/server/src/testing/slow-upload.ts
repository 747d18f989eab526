import http from 'node:http';

/**
 * What became of one request: its status, Retry-After and whole body, or the error that ended it
 * (a reset, a refusal, an answer cut short).
 */
export interface Outcome {
  status?: number;
  retryAfter?: string;
  body?: string;
  error?: string;
}

function readAnswer(resolve: (outcome: Outcome) => void) {
  return (answer: http.IncomingMessage) => {
    let body = '';
    answer.setEncoding('utf8');
    answer.on('data', (chunk: string) => {
      body += chunk;
    });
    answer.on('end', () =>
      resolve({ status: answer.statusCode, retryAfter: answer.headers['retry-after'] as string | undefined, body }),
    );
    // An answer cut off before its end (`aborted` then `error`, or a premature close).
    answer.on('error', (error) => resolve({ error: error.message }));
  };
}

const failed = (resolve: (outcome: Outcome) => void) => (error: Error) =>
  resolve({ error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` });

/** A request on a connection of its own, GET or (with a body) POST of JSON, read to its end. */
export function outcomeOf(url: string, body?: object): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: body ? 'POST' : 'GET', agent: false, headers: body ? { 'content-type': 'application/json' } : {} },
      readAnswer(resolve),
    );
    request.on('error', failed(resolve));
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

export interface SlowUpload {
  /** Resolves once the headers and the first `sentAtOnce` bytes of the body are on their way. */
  headersSent: Promise<void>;
  /** The answer, once the whole body is sent and answered. */
  outcome: Promise<Outcome>;
  /** Sends the rest of the body: at once, or in `pieces` spread over `overMs` (a slow link). */
  finish(spread?: { pieces: number; overMs: number }): Promise<void>;
}

/**
 * A POST on a connection of its own whose headers and first bytes go at once and whose rest waits
 * for `finish()`: an upload in flight.
 */
export function slowUpload(
  url: string,
  body: string,
  { headers = {}, sentAtOnce = 10 }: { headers?: Record<string, string>; sentAtOnce?: number } = {},
): SlowUpload {
  const bytes = Buffer.from(body);
  let outcome!: Promise<Outcome>;
  let request!: http.ClientRequest;
  const headersSent = new Promise<void>((sent) => {
    outcome = new Promise((resolve) => {
      // Settled once the connection is over: an answer read first and the body's writing reset
      // after it is a reset all the same (the client cannot tell its upload was whole).
      let answer: Outcome | undefined;
      let error: Outcome | undefined;
      let closed = false;
      const settle = () => {
        if (closed && (answer || error)) resolve({ ...answer, ...error });
      };
      request = http.request(
        url,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': String(bytes.length), ...headers },
        },
        readAnswer((read) => {
          answer = read;
          settle();
        }),
      );
      request.on(
        'error',
        failed((failure) => {
          error ??= failure;
          settle();
        }),
      );
      request.on('close', () => {
        closed = true;
        settle();
      });
      request.flushHeaders();
      request.write(bytes.subarray(0, sentAtOnce), () => sent());
    });
  });
  const finish = async ({ pieces, overMs } = { pieces: 1, overMs: 0 }) => {
    const rest = bytes.subarray(sentAtOnce);
    const size = Math.ceil(rest.length / pieces);
    for (let piece = 0; piece < pieces - 1; piece += 1) {
      request.write(rest.subarray(piece * size, (piece + 1) * size));
      await new Promise((resolve) => setTimeout(resolve, overMs / pieces));
    }
    request.end(rest.subarray((pieces - 1) * size));
  };
  return { headersSent, outcome, finish };
}
