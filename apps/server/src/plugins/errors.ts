import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  LOGIN_ERROR_MESSAGES,
  messageLanguage,
  errorMessage,
  isIssueMessageKey,
  issueMessage,
  type ErrorResponse,
  type ValidationParams,
} from '@loupe/contracts';
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
  if (details !== undefined) body.Details = worded(details, request.language);
  return reply.status(status).send(body);
}

/**
 * Details as the caller reads them: a `{ Path, Message }` whose message is an i18n key of a schema rule
 * (validators.ts, `validation:customValidation.json`, …) gets the key's words in the caller's language.
 */
function worded(details: unknown, language: string | undefined): unknown {
  if (!Array.isArray(details)) return details;
  return details.map((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null || !('Message' in detail)) return detail;
    return { ...detail, Message: wordedMessage(detail.Message, language) };
  });
}

function wordedMessage(message: unknown, language: string | undefined, params?: ValidationParams): unknown {
  return typeof message === 'string' && isIssueMessageKey(message)
    ? issueMessage(message, language, params)
    : message;
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
      const language = messageLanguage(request.language);
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
      const details = error.validation.map(
        (issue: { instancePath: string; message?: string; params?: { params?: ValidationParams } }) => ({
          Path: `${error.validationContext ?? ''}${issue.instancePath}`,
          // A rule's values ({ max } …) travel in the zod issue's own params.
          Message: wordedMessage(issue.message ?? '', request.language, issue.params?.params),
        }),
      );
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
