import { TEMPLATE_KINDS, type Bootstrap } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { createMessageTemplateRepository } from './message-template.repository.js';

/**
 * Bootstrap's MessageTemplates: each kind ('invitation' | 'message'), channel and language the tenant has a
 * template for, so the console knows which messages it can offer without loading the templates.
 */
export async function templateCoverage(
  db: Db,
  tenantId: number | null,
): Promise<Bootstrap['MessageTemplates']> {
  if (tenantId === null) return [];
  const rows = await createMessageTemplateRepository(db).coverage(tenantId);
  return rows.map((row) => ({
    TypeName: TEMPLATE_KINDS[row.kind - 1] ?? 'message',
    Channel: row.channel,
    Language: row.language,
  }));
}
