import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP load balancer for the multi-node test and `npm run bench:scale`: each request goes to the next
 * live target in turn (round robin). A target that refuses the connection is skipped for that request, as
 * nginx's `proxy_next_upstream error` does (a failed GET or HEAD also goes to the next one; other methods only
 * when the connection was refused), so a killed node costs its in-flight requests only.
 */
export type RoundRobinProxy = {
  url: string;
  /** Requests each target answered, in the targets' order. */
  answered(): number[];
  close(): Promise<void>;
};

export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const counts = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    tries: number,
  ) => {
    const index = next++ % targets.length;
    const target = new URL(request.url ?? '/', targets[index]);
    const upstream = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host }, agent },
      (answer) => {
        counts[index]! += 1;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) return response.destroy();
      // A refused connection never reached the node: any request goes to the next one. Another failure may come
      // after the node took the request, so only a request safe to repeat goes again (nginx's default).
      const safe = error.code === 'ECONNREFUSED' || request.method === 'GET' || request.method === 'HEAD';
      if (safe && tries + 1 < targets.length) return forward(request, body, response, tries + 1);
      response.writeHead(502).end();
    });
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered: () => [...counts],
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
