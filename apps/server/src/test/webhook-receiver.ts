import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got. */
type ReceivedRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
};

/** What the receiver answers a request to a path: a status and a body. */
type ReceiverAnswer = { status: number; body?: string };

export type WebhookReceiver = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: ReceivedRequest[];
  /** The requests to `path`. */
  to(path: string): ReceivedRequest[];
  /** Sets how a path answers; the function is called at each request with the number of earlier ones to it. */
  answer(path: string, answer: (count: number) => ReceiverAnswer): void;
  /** Resolves once `path` has had `count` requests, waiting up to `timeoutMs`. */
  waitFor(path: string, count?: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
};

/**
 * A local HTTP server for integration tests (webhooks, Slack's Web API, Teams cards): keeps every request and
 * answers 200 `{"ok":true}` unless told otherwise per path.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const answers = new Map<string, (count: number) => ReceiverAnswer>();
  const to = (path: string) => requests.filter((request) => request.path === path);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const count = to(path).length;
      requests.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      const answer = answers.get(path)?.(count) ?? { status: 200, body: '{"ok":true}' };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    to,
    answer: (path, answer) => answers.set(path, answer),
    async waitFor(path, count = 1, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (to(path).length < count) {
        if (Date.now() > until) throw new Error(`${path}: ${to(path).length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return to(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
