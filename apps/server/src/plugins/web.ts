import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, errorMessage } from '@loupe/contracts';

const API_PREFIXES = ['/api/', '/token', '/bootstrap/'];
/** Paths whose misses are plain 404s, never the console's page: the API and the respondent page's files. */
const NO_FALLBACK_PREFIXES = [...API_PREFIXES, '/s/assets/'];

type WebOptions = {
  /** The built console (apps/web/dist). */
  root: string;
  /** The built respondent page (apps/respondent/dist), whose files live under /s/. */
  respondentRoot?: string;
};

/**
 * Serves the built single-page app: files from apps/web/dist, and index.html for any other page path so
 * that client-side routes survive a reload. API paths that match nothing answer a JSON 404.
 * The respondent page is a bundle of its own (docs/respondent-page.md): `/s/{guid}` and the unsubscribe link
 * `/s/{guid}/optout` answer its index.html, `/s/assets/…` its files.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const hasWeb = fs.existsSync(path.join(options.root, 'index.html'));
  const respondentRoot = options.respondentRoot ?? '';
  const hasRespondent = respondentRoot !== '' && fs.existsSync(path.join(respondentRoot, 'index.html'));
  if (hasWeb || hasRespondent) {
    await app.register(fastifyStatic, { root: hasWeb ? options.root : respondentRoot, serve: false });
  }

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (!hasWeb || file === '' || file === 'index.html') return reply.callNotFound();
    const immutable = file.startsWith('assets/');
    return reply.sendFile(file, options.root, { maxAge: immutable ? '365d' : 0, immutable });
  });

  // Declared whether or not the page is built (route-guard.test lists them); unbuilt, they fall to the console.
  // Vite writes the page's files flat in assets/, so one path segment names each.
  app.get('/s/assets/:file', { config: { access: 'public' } }, async (request, reply) => {
    if (!hasRespondent) return reply.callNotFound();
    const { file } = request.params as { file: string };
    return reply.sendFile(`assets/${file}`, respondentRoot, { maxAge: '365d', immutable: true });
  });
  const respondentPage = async (_request: unknown, reply: FastifyReply) =>
    hasRespondent
      ? reply
          .header('Cache-Control', 'no-cache')
          .sendFile('index.html', respondentRoot, { cacheControl: false })
      : reply.callNotFound();
  app.get('/s/:guid', { config: { access: 'public' } }, respondentPage);
  app.get('/s/:guid/optout', { config: { access: 'public' } }, respondentPage);

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = NO_FALLBACK_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', options.root);
    }
    return reply.status(404).send({
      Code: ErrorCode.NotFound,
      Message: errorMessage(ErrorCode.NotFound, request.language),
      SupportId: String(request.id),
    });
  });
});
