import { Readable } from 'node:stream';
import { buildQueryString } from '@smithy/core/protocols';
import { HttpResponse, type HttpRequest } from '@smithy/core/transport';
import type { HttpHandlerOptions, RequestHandler } from '@smithy/types';
import { egressRequest } from '../../lib/egress.ts';

/** The largest object read back (voice guides are the largest uploads). */
const MAX_OBJECT_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 20_000;

/**
 * The AWS SDK's HTTP calls sent through `egressRequest` (docs/api.md "One way out"): an S3 endpoint
 * someone typed on /sys/os is held to https and public addresses (the allow-list aside) like every
 * other configured URL. The SDK signs the request; this only carries it.
 */
export const egressS3Handler: RequestHandler<HttpRequest, HttpResponse, HttpHandlerOptions> = {
  metadata: { handlerProtocol: 'http/1.1' },
  async handle(request) {
    const query = buildQueryString(request.query ?? {});
    const port = request.port ? `:${request.port}` : '';
    const url = `${request.protocol}//${request.hostname}${port}${request.path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = value;
    const body = request.body as string | Uint8Array | undefined;
    const answer = await egressRequest(url, {
      method: request.method,
      headers,
      ...(body === undefined || body === null
        ? {}
        : { body: typeof body === 'string' ? body : Buffer.from(body) }),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_OBJECT_BYTES,
    });
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
    return {
      response: new HttpResponse({
        statusCode: answer.status,
        headers: answerHeaders,
        body: Readable.from([answer.body]),
      }),
    };
  },
};
