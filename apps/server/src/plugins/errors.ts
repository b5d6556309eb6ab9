import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, LOGIN_ERROR_MESSAGES, errorMessage, type ErrorResponse } from '@loupe/contracts';
import { isDataException } from '../db/pg-errors.js';
import { AppError, OAuthError } from '../errors.js';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  details?: unknown,
) {
  const body: ErrorResponse & { Details?: unknown } = {
    Code: code,
    Message: errorMessage(code, request.language),
    SupportId: String(request.id),
  };
  if (details !== undefined) body.Details = details;
  return reply.status(status).send(body);
}

const statusCodes: Partial<Record<number, ErrorCode>> = {
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  413: ErrorCode.PayloadTooLarge,
  429: ErrorCode.TooManyRequests,
};

/** The one error handler: every failure leaves as `{ Code, Message, SupportId }`, 5xx without internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OAuthError) {
      const language = request.language === 'tr' ? 'tr' : 'en';
      return reply
        .status(400)
        .send({ error: error.error, error_description: LOGIN_ERROR_MESSAGES[error.error][language] });
    }
    if (error instanceof AppError) {
      const { details } = error;
      const worded: unknown =
        typeof details === 'function'
          ? (details as (language: string) => unknown)(request.language)
          : details;
      return send(reply, request, error.statusCode, error.errorCode, worded);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue: { instancePath: string; message?: string }) => ({
        Path: `${error.validationContext ?? ''}${issue.instancePath}`,
        Message: issue.message ?? '',
      }));
      return send(reply, request, 400, ErrorCode.ModelNotValid, details);
    }
    const status = error.statusCode ?? 500;
    const mapped = statusCodes[status];
    if (mapped) return send(reply, request, status, mapped);
    if (status >= 400 && status < 500) return send(reply, request, 400, ErrorCode.ModelNotValid);
    if (isDataException(error)) {
      // A value no schema bound caught: refused as bad input, and logged so the missing bound gets added.
      request.log.warn({ err: error }, 'database refused a request value');
      return send(reply, request, 400, ErrorCode.ModelNotValid);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, ErrorCode.Internal);
  });
});
