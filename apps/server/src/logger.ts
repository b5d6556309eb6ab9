import { destination, multistream, pino, type DestinationStream, type Level, type Logger } from 'pino';

/**
 * Paths pino redacts before a line is written anywhere: headers and bodies that carry credentials. The server-log
 * sink (modules/logs/server-log-sink.ts) also drops any secret-looking key the paths miss.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.refresh_token',
  'req.body.token',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.secret',
  '*.authorization',
];

/**
 * The server's one logger: JSON lines with the request id; secrets never reach the log. With `sink`, every line
 * also goes to it (the `server_logs` table of the logs screen) besides standard output.
 */
export function createLogger(level: string, sink?: DestinationStream): Logger {
  const options = { level, redact: REDACT };
  if (!sink) return pino(options);
  return pino(
    options,
    multistream([
      { level: level as Level, stream: destination(1) },
      { level: level as Level, stream: sink },
    ]),
  );
}
