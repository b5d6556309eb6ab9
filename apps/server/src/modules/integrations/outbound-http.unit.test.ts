import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, postOutbound } from './outbound-http.js';

describe('outbound addresses', () => {
  it('judges loopback, private, link-local and mapped addresses private; public ones not', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  let server: Server;
  let port: number;
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.writeHead(202, { 'content-type': 'text/plain' }).end('taken');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = { timeoutMs: 2_000, maxBodyChars: 100 };

  it('refuses this machine by address and by a name that resolves to it, and nothing is received', async () => {
    await expect(
      postOutbound(`http://127.0.0.1:${port}/hook`, {}, '{"a":1}', { ...options, allowPrivate: false }),
    ).rejects.toThrow('refused: 127.0.0.1 is a private address');
    await expect(
      postOutbound(`http://localhost:${port}/hook`, {}, '{"a":2}', { ...options, allowPrivate: false }),
    ).rejects.toThrow(/refused: localhost is a private address/);
    expect(received).toEqual([]);
  });

  it('posts when private addresses are allowed, and answers the status and body', async () => {
    const answer = await postOutbound(
      `http://localhost:${port}/hook`,
      { 'content-type': 'application/json' },
      '{"a":3}',
      {
        ...options,
        allowPrivate: true,
      },
    );
    expect(answer).toEqual({ status: 202, body: 'taken' });
    expect(received).toEqual(['{"a":3}']);
  });
});
