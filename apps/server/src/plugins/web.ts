import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, errorMessage } from '@loupe/contracts';

const API_PREFIXES = ['/api/', '/token', '/bootstrap/'];

/**
 * Serves the built single-page app: files from apps/web/dist, and index.html for any other page path so
 * that client-side routes survive a reload. API paths that match nothing answer a JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasWeb = fs.existsSync(path.join(options.root, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: options.root, serve: false });

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (!hasWeb || file === '' || file === 'index.html') return reply.callNotFound();
    const immutable = file.startsWith('assets/');
    return reply.sendFile(file, { maxAge: immutable ? '365d' : 0, immutable });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      Code: ErrorCode.NotFound,
      Message: errorMessage(ErrorCode.NotFound, request.language),
      SupportId: String(request.id),
    });
  });
});
