// What the survey wizard holds for the demo surveys (issue 16 item 7; docs/demo-data.md "Survey wizard data"):
// general info, channels with their invitation templates, audience, quotas and prioritisation of the three
// active surveys, the draft fourth survey and the unplaced library questions. Message texts carry placeholders
// as `{{Name}}` tokens (shell spec §3, the wizard's placeholder picker). Conditions name ids, so they are
// functions of the catalogue's code-to-id lookup.

import {
  InteractionChannel,
  PresentationFrequency,
  QuotaLimitType,
  TURKISH_ANSWER_SCALE_TEMPLATES,
  type AudienceCondition,
  type InvitationTemplate,
  type SurveyChannel,
} from '@loupe/contracts';
import type { QuestionKey, SurveyKey } from './catalog.data.js';

/** Finds the id of a reference row by its integration code (regions, product groups, transaction types). */
export type CodeId = (code: string) => number;

/** The channel step's parts kept in `surveys.channel_settings` (channels and the primary one have columns). */
type ChannelSettings = Pick<SurveyChannel, 'Templates' | 'ExpiryDays' | 'Reminder'>;

type DemoQuota = {
  name: string;
  limitType: number;
  limit: number;
  /** A question quota counts answers of this question of the survey. */
  question?: QuestionKey;
  conditions: (id: CodeId) => AudienceCondition[];
  presentationFrequency: number;
};

type SurveyWizard = {
  executionTitle: string;
  language: 'tr';
  openingMessage: string;
  closingMessage: string;
  redirectUrl: string;
  redirectSeconds: number;
  cacheTime: number;
  channels: readonly InteractionChannel[];
  primaryChannel: InteractionChannel;
  settings: ChannelSettings;
  audience: (id: CodeId) => AudienceCondition[];
  quotas: readonly DemoQuota[];
  prioritisation: { maxInvitationsPerInterval: number; intervalMinutes: number } | null;
  /** Questions followed by a page break. */
  pageBreakAfter: readonly QuestionKey[];
};

/** Every quota refreshes every quarter of an hour (within the refresh job's five-minute schedule). */
export const DEMO_QUOTA_REFRESH_CRON = '*/15 * * * *';
/** Invitations expire after a week (the session generator writes expires_at = invited_at + 7 days). */
const EXPIRY_DAYS = 7;

const TURKISH_REGIONS = ['RG-01', 'RG-02', 'RG-03', 'RG-04', 'RG-05', 'RG-06', 'RG-07', 'RG-08'];
const ALL_REGIONS = [...TURKISH_REGIONS, 'RG-09', 'RG-10'];

const treeSet = (property: 'ChannelSet' | 'ProductSet', codes: readonly string[], id: CodeId) => ({
  Property: property,
  Value: { Ids: codes.map(id) },
  Exclude: false,
});
const transactionTypes = (codes: readonly string[], id: CodeId) => ({
  Property: 'TransactionTypeId',
  Value: codes.map(id),
  Exclude: false,
});

const opening = (about: string) =>
  `<p>Merhaba {{FullName}},</p><p>${about} Anketimiz yaklaşık iki dakika sürer; yanıtlarınız hizmetimizi ` +
  `geliştirmemize yardımcı olur.</p>`;
const CLOSING =
  '<p>Teşekkürler {{FullName}}!</p><p>Görüşlerinizi aldık. Birazdan Demo Bank sayfasına yönlendirileceksiniz.</p>';

const email = (subject: string, about: string): InvitationTemplate => ({
  Channel: InteractionChannel.Email,
  Subject: subject,
  Body:
    `<p>Sayın {{FullName}},</p><p>${about} Deneyiminizi değerlendirmek için ` +
    `{{ExecutionLinkHtml}} bağlantısına tıklayın.</p><p>Demo Bank</p>` +
    '<p><small>E-posta almak istemiyorsanız: {{UnsubscribeLinkHtml}}</small></p>',
});
const sms = (about: string): InvitationTemplate => ({
  Channel: InteractionChannel.Sms,
  Subject: null,
  Body: `Sayın {{FullName}}, ${about} Değerlendirin: {{ShortExecutionLink}} SMS ret: {{ShortUnsubscribeLink}}`,
});
const reminder = (subject: string) => ({
  FrequencyMinutes: 1_440,
  NotFinishedDays: 2,
  Subject: subject,
  Body: 'Sayın {{FullName}}, anketimizi henüz yanıtlamadınız. Birkaç dakikanızı ayırır mısınız? {{ShortExecutionLink}}',
});

export const SURVEY_WIZARDS: Readonly<Record<SurveyKey, SurveyWizard>> = {
  branch: {
    executionTitle: 'Şube Deneyimi Anketi',
    language: 'tr',
    openingMessage: opening(
      '{{TransactionDate}} tarihinde {{TransactionChannelName}} şubemizde yaptığınız işlemle ilgili birkaç sorumuz var.',
    ),
    closingMessage: CLOSING,
    redirectUrl: 'https://www.demo-bank.example/tesekkurler',
    redirectSeconds: 5,
    cacheTime: 60,
    channels: [InteractionChannel.Email, InteractionChannel.Sms],
    primaryChannel: InteractionChannel.Sms,
    settings: {
      Templates: [
        email(
          'Şube ziyaretinizi değerlendirir misiniz?',
          '{{TransactionChannelName}} şubemizdeki {{TransactionType}} işleminiz için teşekkür ederiz.',
        ),
        sms('{{TransactionChannelName}} şubemizdeki ziyaretinizi'),
      ],
      ExpiryDays: EXPIRY_DAYS,
      Reminder: reminder('Hatırlatma: şube deneyimi anketi'),
    },
    audience: (id) => [treeSet('ChannelSet', ALL_REGIONS, id)],
    quotas: [
      {
        name: 'Tamamlanan anketler',
        limitType: QuotaLimitType.Complete,
        limit: 250_000,
        conditions: () => [],
        presentationFrequency: PresentationFrequency.OncePerVisitor,
      },
      {
        name: 'Türkiye şubeleri NPS yanıtları',
        limitType: QuotaLimitType.Question,
        limit: 200_000,
        question: 'nps',
        conditions: (id) => [treeSet('ChannelSet', TURKISH_REGIONS, id)],
        presentationFrequency: PresentationFrequency.UntilInteraction,
      },
    ],
    prioritisation: { maxInvitationsPerInterval: 5_000, intervalMinutes: 60 },
    pageBreakAfter: ['nps', 'wait'],
  },
  digital: {
    executionTitle: 'Dijital Bankacılık Anketi',
    language: 'tr',
    openingMessage: opening('Mobil uygulamamız ve internet şubemizle ilgili deneyiminizi merak ediyoruz.'),
    closingMessage: CLOSING,
    redirectUrl: 'https://www.demo-bank.example/mobil',
    redirectSeconds: 3,
    cacheTime: 30,
    channels: [
      InteractionChannel.Push,
      InteractionChannel.Email,
      InteractionChannel.Sms,
      InteractionChannel.Api,
    ],
    primaryChannel: InteractionChannel.Push,
    settings: {
      Templates: [
        {
          Channel: InteractionChannel.Push,
          Subject: null,
          Body: '{{FullName}}, dijital bankacılık deneyiminizi bir dakikada puanlayın: {{ShortExecutionLink}}',
        },
        email(
          'Dijital bankacılık deneyiminiz nasıldı?',
          'Mobil uygulamamızı ve internet şubemizi kullandığınız için teşekkür ederiz.',
        ),
        sms('mobil uygulama ve internet şubesi deneyiminizi'),
        {
          Channel: InteractionChannel.Api,
          Subject: null,
          Body: '{"inviteeId":"{{InviteeId}}","link":"{{ExecutionLink}}","customer":"{{CustomData1}}"}',
        },
      ],
      ExpiryDays: EXPIRY_DAYS,
      Reminder: null,
    },
    audience: (id) => [treeSet('ProductSet', ['PR-DIG', 'PR-CRD', 'PR-ACC'], id)],
    quotas: [
      {
        name: 'Mobil ve internet bankacılığı yanıtları',
        limitType: QuotaLimitType.Response,
        limit: 100_000,
        conditions: (id) => [treeSet('ProductSet', ['PR-DIG'], id)],
        presentationFrequency: PresentationFrequency.OncePerVisit,
      },
    ],
    prioritisation: { maxInvitationsPerInterval: 20_000, intervalMinutes: 60 },
    pageBreakAfter: ['nps'],
  },
  loan: {
    executionTitle: 'Kredi Başvurusu Anketi',
    language: 'tr',
    openingMessage: opening('Kredi başvurunuz ({{ProductName}}) ile ilgili deneyiminizi öğrenmek istiyoruz.'),
    closingMessage: CLOSING,
    redirectUrl: 'https://www.demo-bank.example/krediler',
    redirectSeconds: 5,
    cacheTime: 60,
    channels: [InteractionChannel.Email, InteractionChannel.Sms, InteractionChannel.Cati],
    primaryChannel: InteractionChannel.Email,
    settings: {
      Templates: [
        email(
          'Kredi başvurunuzu değerlendirin',
          '{{ProductName}} başvurunuz için bizi seçtiğiniz için teşekkür ederiz.',
        ),
        sms('{{ProductName}} başvuru deneyiminizi'),
        {
          Channel: InteractionChannel.Cati,
          Subject: null,
          Body:
            'Merhaba {{FullName}}, ben Demo Bank müşteri deneyimi ekibinden arıyorum. {{TransactionDate}} tarihli ' +
            '{{ProductName}} başvurunuzla ilgili beş kısa sorumuz var; uygun musunuz?',
        },
      ],
      ExpiryDays: EXPIRY_DAYS,
      Reminder: reminder('Hatırlatma: kredi başvurusu anketi'),
    },
    audience: (id) => [
      treeSet('ProductSet', ['PR-LON'], id),
      transactionTypes(['TT-LAP', 'TT-INQ', 'TT-CMP'], id),
    ],
    quotas: [
      {
        name: 'Kredi başvurusu cevapları',
        limitType: QuotaLimitType.Answer,
        limit: 500_000,
        conditions: (id) => [transactionTypes(['TT-LAP'], id)],
        presentationFrequency: PresentationFrequency.OncePerVisitor,
      },
    ],
    prioritisation: null,
    pageBreakAfter: ['nps'],
  },
};

// ------------------------------------------------------------------------------------ the draft survey

const template = (id: number) => {
  const found = TURKISH_ANSWER_SCALE_TEMPLATES.find((t) => t.Id === id);
  if (!found) throw new Error(`answer-scale template ${id} is missing`);
  return found.Choices.map((c) => ({ label: c.Label, value: c.Value }));
};
const NPS_TEMPLATE = 111;
const SATISFACTION_TEMPLATE = 108;
const QUALITY_TEMPLATE = 110;
const STAR_TEMPLATE = 112;

type LibraryChoice = { label: string; value: number; image?: readonly [number, number, number] };

export type LibraryQuestion = {
  code: string;
  text: string;
  type: 'MCSS' | 'OETX' | 'MXSS';
  experienceId: number | null;
  scale: 11 | 5 | null;
  choiceType: number;
  choices: readonly LibraryChoice[];
  /** Matrix groups: the sub-questions (code, text), which share the group's choices. */
  subQuestions?: readonly (readonly [string, string])[];
  formatType?: 'Text';
  multiline?: boolean;
  required?: boolean;
  isMeasurement?: boolean;
};

const DRAFT_QUESTIONS: readonly LibraryQuestion[] = [
  {
    code: 'CARD_NPS',
    text: 'Demo Bank kredi kartını bir arkadaşınıza tavsiye etme olasılığınız nedir?',
    type: 'MCSS',
    experienceId: 101,
    scale: 11,
    choiceType: 0,
    choices: template(NPS_TEMPLATE),
    required: true,
    isMeasurement: true,
  },
  {
    code: 'CARD_WHY',
    text: 'Bu puanı vermenizin en önemli nedeni nedir?',
    type: 'OETX',
    experienceId: 601,
    scale: null,
    choiceType: 0,
    choices: [],
    formatType: 'Text',
    multiline: true,
  },
];

/** The fourth survey: saved up to the flow step (WizardStep 2), inactive, nobody invited. */
export const DRAFT_SURVEY = {
  code: 'CARD_APP',
  title: 'Kredi Kartı Başvuru Anketi',
  executionTitle: 'Kredi kartı başvurunuzu değerlendirin',
  journeyStage: 'Onboarding',
  wizardStep: 2,
  openingMessage: opening('Kredi kartı başvurunuzla ilgili iki kısa sorumuz var.'),
  closingMessage: CLOSING,
  flowName: 'Ana akış',
  questions: DRAFT_QUESTIONS,
  /** The "why" question shows only to detractors (NPS 0-6). */
  displayLogic: { question: 'CARD_WHY', shownWhen: 'CARD_NPS', values: [0, 1, 2, 3, 4, 5, 6] },
};

// ------------------------------------------------------------------------------ the library questions

/** Questions of the library not placed in any survey (survey_id NULL), one of each kind the editor offers. */
export const LIBRARY_QUESTIONS: readonly LibraryQuestion[] = [
  {
    code: 'LIB_NPS',
    text: "Demo Bank'ı bir arkadaşınıza ya da meslektaşınıza tavsiye etme olasılığınız nedir?",
    type: 'MCSS',
    experienceId: 101,
    scale: 11,
    choiceType: 0,
    choices: template(NPS_TEMPLATE),
    required: true,
  },
  {
    code: 'LIB_SATISFACTION',
    text: 'Genel olarak hizmetimizden ne kadar memnunsunuz?',
    type: 'MCSS',
    experienceId: null,
    scale: 5,
    choiceType: 0,
    choices: template(SATISFACTION_TEMPLATE),
  },
  {
    code: 'LIB_BRANCH_MATRIX',
    text: 'Şubemizi aşağıdaki konularda nasıl değerlendirirsiniz?',
    type: 'MXSS',
    experienceId: null,
    scale: 5,
    choiceType: 0,
    choices: template(QUALITY_TEMPLATE),
    subQuestions: [
      ['LIB_BRANCH_MATRIX_STAFF', 'Personelin güler yüzü'],
      ['LIB_BRANCH_MATRIX_WAIT', 'Bekleme süresi'],
      ['LIB_BRANCH_MATRIX_CLEAN', 'Şubenin temizliği ve düzeni'],
    ],
  },
  {
    code: 'LIB_APP_STARS',
    text: 'Mobil uygulamamıza kaç yıldız verirsiniz?',
    type: 'MCSS',
    experienceId: null,
    scale: 5,
    choiceType: 3,
    choices: template(STAR_TEMPLATE),
  },
  {
    code: 'LIB_CARD_DESIGN',
    text: 'Yeni kartınız için hangi tasarımı tercih edersiniz?',
    type: 'MCSS',
    experienceId: null,
    scale: null,
    choiceType: 4,
    choices: [
      { label: 'Gece mavisi', value: 1, image: [22, 46, 110] },
      { label: 'Altın', value: 2, image: [212, 170, 60] },
      { label: 'Zümrüt yeşili', value: 3, image: [20, 130, 90] },
    ],
  },
  {
    code: 'LIB_ANYTHING_ELSE',
    text: 'Eklemek istediğiniz başka bir şey var mı?',
    type: 'OETX',
    experienceId: 601,
    scale: null,
    choiceType: 0,
    choices: [],
    formatType: 'Text',
    multiline: true,
  },
];
