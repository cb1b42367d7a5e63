import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mapDbError } from './db-errors.ts';
import { AppError, FieldError } from './errors.ts';
import { translate, type MsgKey } from './messages.ts';
import { RequestValidationError, describeIssues } from './validation.ts';

function send(reply: FastifyReply, status: number, msg: string, data: unknown = null, code = status) {
  return reply.status(status).send({ code, msg, data });
}

/** Fastify's own error codes that are the client's fault, and what to tell the user. */
const FRAMEWORK_ERRORS: Record<string, { status: number; key: MsgKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'invalidJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'unsupportedMediaType' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'payloadTooLarge' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, key: 'payloadTooLarge' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, key: 'unsupportedMediaType' },
  FST_PARTS_LIMIT: { status: 413, key: 'payloadTooLarge' },
  FST_FILES_LIMIT: { status: 413, key: 'payloadTooLarge' },
  FST_FIELDS_LIMIT: { status: 413, key: 'payloadTooLarge' },
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang;
    if (error instanceof AppError) {
      return send(
        reply,
        error.statusCode,
        translate(error.msgKey, lang, error.options.params),
        error.options.data ?? null,
        error.options.code ?? error.statusCode,
      );
    }
    if (error instanceof RequestValidationError) {
      const { field, message } = describeIssues(error.issues, lang);
      return send(reply, 400, message, { field, part: error.part });
    }
    if (error instanceof FieldError) {
      const reason = error.reason[lang];
      return send(reply, 400, translate('fieldInvalid', lang, { field: error.field, reason }), {
        field: error.field,
      });
    }
    const dbError = mapDbError(error);
    if (dbError) {
      return send(
        reply,
        dbError.statusCode,
        translate(dbError.msgKey, lang, dbError.options.params),
        dbError.options.data ?? null,
      );
    }
    const fastifyError = error as FastifyError;
    const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
    if (known) return send(reply, known.status, translate(known.key, lang));
    if (fastifyError.statusCode === 429) {
      const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
      return send(reply, 429, translate('tooManyRequests', lang, { seconds }));
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      req.log.info({ err: error }, 'client error');
      return send(reply, fastifyError.statusCode, translate('badRequest', lang));
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, translate('serverError', lang));
  });

  app.setNotFoundHandler((req, reply) => send(reply, 404, translate('notFound', req.lang)));
}
