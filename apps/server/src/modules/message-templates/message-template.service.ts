import {
  CHANNELS_WITH_SUBJECT,
  ErrorCode,
  type MessageTemplate,
  type MessageTemplateSave,
  type TemplateKind,
  type TemplateOption,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { found, invalidField } from '../../core/refusals.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import {
  createMessageTemplateRepository,
  type MessageTemplateRepository,
  type TemplateValues,
} from './message-template.repository.js';

/** 409 4036, pointing the form at the name. */
const nameExists = () =>
  new AppError(409, ErrorCode.MessageTemplateNameExists, [
    { Path: 'Name', Message: 'A template with this name already exists.' },
  ]);

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * What is stored of a saved body: empty optional texts are no value, a subject only on a channel that has one
 * (docs/invitations-templates.md), and a payload only if it is JSON (3333 on Payload otherwise).
 */
function valuesOf(body: MessageTemplateSave): TemplateValues {
  const payload = body.Payload?.trim() || null;
  if (payload !== null && !isJson(payload)) throw invalidField('Payload', 'The payload must be valid JSON.');
  const hasSubject = CHANNELS_WITH_SUBJECT.includes(body.Channel);
  return {
    name: body.Name,
    templateId: body.TemplateId || null,
    channel: body.Channel,
    language: body.Language,
    subject: hasSubject ? body.Subject || null : null,
    body: body.Body,
    payload,
  };
}

type Stored = NonNullable<Awaited<ReturnType<MessageTemplateRepository['find']>>>;

const recordOf = (kind: TemplateKind, row: Stored): MessageTemplate => ({
  Id: row.id,
  Kind: kind,
  Name: row.name,
  TemplateId: row.templateId,
  Channel: row.channel as MessageTemplate['Channel'],
  Language: row.language,
  Subject: row.subject,
  Body: row.body,
  Payload: row.payload,
  UpdatedAt: row.updatedAt.toISOString(),
});

/**
 * The invitation and message templates of the caller's tenant, one kind per service. Names are unique per tenant
 * and kind in any case (409 4036). Nothing refers to a template by id yet — the survey wizard copies a template's
 * subject and body into its channel settings — so a template can always be deleted (no 4037).
 */
export function createMessageTemplateService({ db, kind }: { db: Db; kind: TemplateKind }) {
  const repository = createMessageTemplateRepository(db);

  async function load(
    repo: MessageTemplateRepository,
    tenantId: number,
    id: number,
  ): Promise<MessageTemplate> {
    return recordOf(
      kind,
      found(await repo.find(tenantId, kind, id), () => notFound()),
    );
  }

  /** Runs `work` in one transaction, so a refusal changes nothing; a name saved meanwhile is 4036 too. */
  function write<T>(actor: Actor, work: (repo: MessageTemplateRepository, tenantId: number) => Promise<T>) {
    const tenantId = requireTenant(actor);
    return refusingConflicts(
      () => db.transaction((tx) => work(createMessageTemplateRepository(tx), tenantId)),
      { onDuplicate: nameExists },
    );
  }

  async function checkName(
    repo: MessageTemplateRepository,
    tenantId: number,
    name: string,
    exceptId?: number,
  ) {
    if (await repo.nameTaken(tenantId, kind, name, exceptId)) throw nameExists();
  }

  return {
    kind,
    repository,

    get: (actor: Actor, id: number): Promise<MessageTemplate> => load(repository, requireTenant(actor), id),

    options: (actor: Actor, channel?: number): Promise<TemplateOption[]> =>
      repository.options(requireTenant(actor), kind, channel),

    create: (actor: Actor, body: MessageTemplateSave): Promise<MessageTemplate> =>
      write(actor, async (repo, tenantId) => {
        const values = valuesOf(body);
        await checkName(repo, tenantId, values.name);
        return load(repo, tenantId, await repo.insert(tenantId, kind, values));
      }),

    update: (actor: Actor, id: number, body: MessageTemplateSave): Promise<MessageTemplate> =>
      write(actor, async (repo, tenantId) => {
        await load(repo, tenantId, id);
        const values = valuesOf(body);
        await checkName(repo, tenantId, values.name, id);
        await repo.update(tenantId, kind, id, values);
        return load(repo, tenantId, id);
      }),

    remove: (actor: Actor, id: number): Promise<void> =>
      write(actor, async (repo, tenantId) => {
        await load(repo, tenantId, id);
        await repo.remove(tenantId, kind, id);
      }),
  };
}

export type MessageTemplateService = ReturnType<typeof createMessageTemplateService>;
