import {
  CHANNELS_WITH_SUBJECT,
  InteractionChannel,
  fillPlaceholders,
  type templatePreviewAnswerSchema,
} from '@loupe/contracts';
import type { z } from 'zod';
import { invitationLinks, linkPlaceholderValues } from './invitee-placeholders.js';

type PreviewAnswer = z.infer<typeof templatePreviewAnswerSchema>;

/** The invitation a preview's links point at: no invitation has it, so the page says so if someone opens it. */
const SAMPLE_INVITATION_GUID = '00000000-0000-0000-0000-000000000000';

type SampleInvitee = {
  FullName: string;
  Email: string;
  MSISDN: string;
  TransactionType: string;
  ProductName: string;
  TransactionChannelName: string;
  EmployeeFullName: string;
  EmployeeEmail: string;
  InviteeSegments: string;
  custom: string;
};

// Fixed values, so that a preview reads the same each time: Turkish callers see a Turkish invitee, others English.
const TURKISH: SampleInvitee = {
  FullName: 'Ayşe Yılmaz',
  Email: 'ayse.yilmaz@example.com',
  MSISDN: '+905321234567',
  TransactionType: 'Satın alma',
  ProductName: 'Kredi kartı',
  TransactionChannelName: 'Mobil uygulama',
  EmployeeFullName: 'Mehmet Demir',
  EmployeeEmail: 'mehmet.demir@example.com',
  InviteeSegments: 'Altın',
  custom: 'Örnek',
};
const ENGLISH: SampleInvitee = {
  FullName: 'Jane Doe',
  Email: 'jane.doe@example.com',
  MSISDN: '+15555550123',
  TransactionType: 'Purchase',
  ProductName: 'Credit card',
  TransactionChannelName: 'Mobile app',
  EmployeeFullName: 'John Smith',
  EmployeeEmail: 'john.smith@example.com',
  InviteeSegments: 'Gold',
  custom: 'Sample',
};

/** Every placeholder's value for the sample invitee, in the caller's language. */
export function sampleValues({
  publicUrl,
  language,
  userName,
}: {
  publicUrl: string;
  language: string;
  userName: string;
}): Record<string, string> {
  const { custom, ...invitee } = language === 'tr' ? TURKISH : ENGLISH;
  const customData = Object.fromEntries(
    Array.from({ length: 10 }, (_, index) => [`CustomData${index + 1}`, `${custom} ${index + 1}`]),
  );
  return {
    ...linkPlaceholderValues(invitationLinks(publicUrl, SAMPLE_INVITATION_GUID), { html: true }),
    ...invitee,
    ...customData,
    Language: language,
    CallbackData: 'callback-0001',
    InviteeId: 'INV-0001',
    TransactionDate: '2026-01-15',
    LoggedInUserName: userName,
  };
}

/**
 * A template's subject and body filled for the sample invitee. An e-mail body is HTML (values escaped, `…Html`
 * links as anchors); other channels' bodies are plain text. Only e-mail has a subject.
 */
export function previewTemplate(
  input: { Subject?: string | null | undefined; Body: string; Channel: number },
  values: Record<string, string>,
): PreviewAnswer {
  const html = input.Channel === InteractionChannel.Email;
  const hasSubject = CHANNELS_WITH_SUBJECT.some((channel) => channel === input.Channel);
  return {
    Subject: hasSubject && input.Subject ? fillPlaceholders(input.Subject, values, { html: false }) : null,
    Body: fillPlaceholders(input.Body, values, { html }),
  };
}
