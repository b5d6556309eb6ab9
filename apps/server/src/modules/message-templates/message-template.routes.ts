import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVITATION_TEMPLATE_MANAGE_SCOPES,
  INVITATION_TEMPLATE_READ_SCOPES,
  MESSAGE_TEMPLATE_MANAGE_SCOPES,
  MESSAGE_TEMPLATE_READ_SCOPES,
  channelSchema,
  messageTemplateParamsSchema,
  messageTemplateRowSchema,
  messageTemplateSaveSchema,
  messageTemplateSchema,
  templateOptionSchema,
  templatePreviewAnswerSchema,
  templatePreviewSchema,
  type Scope,
  type TemplateKind,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { requireTenant } from '../../core/actor.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { messageTemplateGridFields, templatesOf } from './message-template.repository.js';
import { createMessageTemplateService, type MessageTemplateService } from './message-template.service.js';
import { previewTemplate, sampleValues } from './template-preview.js';

type KindRoutes = {
  kind: TemplateKind;
  path: string;
  read: readonly [Scope, ...Scope[]];
  write: readonly [Scope, ...Scope[]];
};

const KINDS: KindRoutes[] = [
  {
    kind: 'invitation',
    path: '/api/invitation-templates',
    read: INVITATION_TEMPLATE_READ_SCOPES,
    write: INVITATION_TEMPLATE_MANAGE_SCOPES,
  },
  {
    kind: 'message',
    path: '/api/message-templates',
    read: MESSAGE_TEMPLATE_READ_SCOPES,
    write: MESSAGE_TEMPLATE_MANAGE_SCOPES,
  },
];

const optionQuerySchema = z.strictObject({ channel: z.coerce.number().pipe(channelSchema).optional() });

function registerKind(
  app: FastifyInstance,
  { db, publicUrl }: { db: Db; publicUrl: string },
  { kind, path, read, write }: KindRoutes,
): MessageTemplateService {
  const templates = createMessageTemplateService({ db, kind });
  registerGridRoutes(app, {
    path,
    access: [...read],
    item: messageTemplateRowSchema,
    source: {
      fields: messageTemplateGridFields,
      defaultOrder: 'Name asc, Id asc',
      scope: (request) => templatesOf(requireTenant(request.actor), kind),
      rows: (page) => templates.repository.gridRows(page),
      count: (where) => templates.repository.gridCount(where),
    },
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    `${path}/preview`,
    {
      config: { access: read },
      schema: { body: templatePreviewSchema, response: { 200: templatePreviewAnswerSchema } },
    },
    async (request) => {
      requireTenant(request.actor);
      const values = sampleValues({
        publicUrl,
        language: request.language,
        userName: request.actor.userName,
      });
      return previewTemplate(request.body, values);
    },
  );
  registerRecordRoutes(app, {
    path,
    params: messageTemplateParamsSchema,
    body: messageTemplateSaveSchema,
    item: messageTemplateSchema,
    read,
    write,
    service: templates,
  });
  return templates;
}

/**
 * Invitation templates and message templates (issue 17, docs/invitations-templates.md): for each kind the grid
 * (with export), a preview for a sample invitee, and the record's read, create, replace and delete; and the
 * invitation templates' options for selects.
 */
export function messageTemplateRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }): void {
  const [invitations] = KINDS.map((kind) => registerKind(app, deps, kind));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/invitation-templates-forSelect',
    {
      config: { access: INVITATION_TEMPLATE_READ_SCOPES },
      schema: { querystring: optionQuerySchema, response: { 200: z.array(templateOptionSchema) } },
    },
    async (request) => invitations!.options(request.actor, request.query.channel),
  );
}
