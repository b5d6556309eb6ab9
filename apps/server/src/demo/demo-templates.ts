import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { messageTemplates } from '../db/schema/index.js';

type DemoTemplate = Omit<typeof messageTemplates.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

/*
 * The Demo Bank's invitation and message templates (issue 17), so the template screens and the survey wizard's
 * "use a saved template" select show real ones: e-mail invitations in Turkish and English, an SMS invitation in
 * Turkish, and reminders in both languages. kind 1 invitation, 2 message; channel 1 e-mail, 2 SMS.
 */
const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    kind: 1,
    name: 'Şube deneyimi daveti (e-posta)',
    channel: 1,
    language: 'tr',
    subject: '{{FullName}}, şube ziyaretinizi değerlendirir misiniz?',
    body:
      '<p>Sayın {{FullName}},</p><p>{{TransactionDate}} tarihinde {{TransactionChannelName}} ile yaptığınız ' +
      'işlem hakkındaki görüşleriniz bizim için değerli. Anket yalnızca iki dakika sürer.</p>' +
      '<p>{{ExecutionLinkHtml}}</p><p>Bu tür e-postaları almak istemiyorsanız: {{UnsubscribeLinkHtml}}</p>',
  },
  {
    kind: 1,
    name: 'Branch experience invitation (e-mail)',
    channel: 1,
    language: 'en',
    subject: '{{FullName}}, how was your visit?',
    body:
      '<p>Dear {{FullName}},</p><p>Thank you for visiting us on {{TransactionDate}}. Tell us how ' +
      '{{EmployeeFullName}} and the team did: it takes two minutes.</p><p>{{ExecutionLinkHtml}}</p>' +
      '<p>To stop these e-mails: {{UnsubscribeLinkHtml}}</p>',
  },
  {
    kind: 1,
    name: 'Mobil uygulama daveti (SMS)',
    channel: 2,
    language: 'tr',
    templateId: 'LOUPE-NPS-01',
    body: 'Sayın {{FullName}}, deneyiminizi 1 dakikada puanlayın: {{ShortExecutionLink}} Ret: {{ShortUnsubscribeLink}}',
    payload: '{"sender":"DEMOBANK","type":"transactional"}',
  },
  {
    kind: 2,
    name: 'Hatırlatma (e-posta)',
    channel: 1,
    language: 'tr',
    subject: 'Hatırlatma: görüşleriniz bizim için önemli',
    body:
      '<p>Sayın {{FullName}},</p><p>Anketimizi henüz yanıtlamadınız. Birkaç dakikanızı ayırırsanız ' +
      'seviniriz.</p><p>{{ExecutionLinkHtml}}</p><p>{{UnsubscribeLinkHtml}}</p>',
  },
  {
    kind: 2,
    name: 'Reminder (e-mail)',
    channel: 1,
    language: 'en',
    subject: 'A reminder: we would love your feedback',
    body:
      '<p>Dear {{FullName}},</p><p>You have not answered our short survey yet. It takes two minutes.</p>' +
      '<p>{{ExecutionLinkHtml}}</p><p>{{UnsubscribeLinkHtml}}</p>',
  },
];

/** Adds the demo templates to a tenant that has none; answers how many it added. */
export async function ensureDemoTemplates(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messageTemplates)
    .where(eq(messageTemplates.tenantId, tenantId));
  if ((existing?.count ?? 0) > 0) return 0;
  await db.insert(messageTemplates).values(DEMO_TEMPLATES.map((template) => ({ ...template, tenantId })));
  return DEMO_TEMPLATES.length;
}
