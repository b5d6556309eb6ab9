import { pino, type Logger } from 'pino';

/** The server's one logger: JSON lines with the request id; secrets never reach the log. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: ['req.headers.authorization', 'req.body.password', 'req.body.refresh_token', 'req.body.token'],
  });
}
