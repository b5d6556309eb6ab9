// Demo Bank's reference data apart from geography: products, transaction types, segments, journey stages,
// surveys with their questions, and the names people in the demo get. Codes are the integration codes the
// REST data API accepts (docs/demo-data.md lists them).

export type ProductGroupKey = 'ACC' | 'CRD' | 'LON' | 'INV' | 'INS' | 'DIG';

export const PRODUCT_GROUPS: readonly {
  key: ProductGroupKey;
  name: string;
  products: readonly string[];
}[] = [
  {
    key: 'ACC',
    name: 'Accounts',
    products: [
      'Current Account',
      'Savings Account',
      'Time Deposit',
      'Foreign Currency Account',
      'Gold Account',
    ],
  },
  {
    key: 'CRD',
    name: 'Cards',
    products: [
      'Classic Credit Card',
      'Gold Credit Card',
      'Platinum Credit Card',
      'Debit Card',
      'Virtual Card',
    ],
  },
  {
    key: 'LON',
    name: 'Loans',
    products: ['Consumer Loan', 'Mortgage', 'Auto Loan', 'Overdraft Account', 'SME Loan'],
  },
  { key: 'INV', name: 'Investments', products: ['Mutual Funds', 'Equities', 'Private Pension Plan'] },
  { key: 'INS', name: 'Insurance', products: ['Home Insurance', 'Life Insurance', 'Travel Insurance'] },
  {
    key: 'DIG',
    name: 'Digital & Payments',
    products: ['Mobile Banking', 'Internet Banking', 'Money Transfer', 'Bill Payment'],
  },
];

export const productGroupCode = (key: ProductGroupKey) => `PR-${key}`;
export const productCode = (key: ProductGroupKey, index: number) =>
  `PR-${key}-${String(index + 1).padStart(2, '0')}`;

export type TransactionTypeKey =
  'DEP' | 'WDR' | 'TRF' | 'BIL' | 'FX' | 'ACO' | 'CAP' | 'LAP' | 'INV' | 'CMP' | 'INQ';

export const TRANSACTION_TYPES: readonly { key: TransactionTypeKey; name: string }[] = [
  { key: 'DEP', name: 'Deposit' },
  { key: 'WDR', name: 'Withdrawal' },
  { key: 'TRF', name: 'Money transfer' },
  { key: 'BIL', name: 'Bill payment' },
  { key: 'FX', name: 'Foreign exchange' },
  { key: 'ACO', name: 'Account opening' },
  { key: 'CAP', name: 'Card application' },
  { key: 'LAP', name: 'Loan application' },
  { key: 'INV', name: 'Investment transaction' },
  { key: 'CMP', name: 'Complaint' },
  { key: 'INQ', name: 'Information request' },
];

export const transactionTypeCode = (key: TransactionTypeKey) => `TT-${key}`;

/** The transactions that go with each product group, most frequent first. */
export const TRANSACTIONS_BY_GROUP: Readonly<Record<ProductGroupKey, readonly TransactionTypeKey[]>> = {
  ACC: ['DEP', 'WDR', 'TRF', 'ACO', 'FX', 'INQ', 'CMP'],
  CRD: ['CAP', 'INQ', 'CMP', 'BIL'],
  LON: ['LAP', 'INQ', 'CMP'],
  INV: ['INV', 'INQ', 'ACO'],
  INS: ['INQ', 'ACO', 'CMP'],
  DIG: ['TRF', 'BIL', 'INQ', 'CMP'],
};

/** Segment groups; each invitee belongs to one segment of every group. `effect` nudges satisfaction. */
export const SEGMENT_GROUPS: readonly {
  code: string;
  name: string;
  segments: readonly { code: string; name: string; weight: number; effect: number }[];
}[] = [
  {
    code: 'SEG',
    name: 'Customer segment',
    segments: [
      { code: 'MASS', name: 'Mass', weight: 55, effect: 0 },
      { code: 'AFF', name: 'Affluent', weight: 18, effect: 0.1 },
      { code: 'PRV', name: 'Private', weight: 4, effect: 0.3 },
      { code: 'SME', name: 'SME', weight: 13, effect: -0.15 },
      { code: 'YTH', name: 'Youth', weight: 10, effect: 0.05 },
    ],
  },
  {
    code: 'AGE',
    name: 'Age group',
    segments: [
      { code: 'A18', name: '18-24', weight: 11, effect: 0.05 },
      { code: 'A25', name: '25-34', weight: 24, effect: 0 },
      { code: 'A35', name: '35-44', weight: 23, effect: -0.05 },
      { code: 'A45', name: '45-54', weight: 18, effect: 0 },
      { code: 'A55', name: '55-64', weight: 14, effect: 0.05 },
      { code: 'A65', name: '65+', weight: 10, effect: 0.1 },
    ],
  },
  {
    code: 'TEN',
    name: 'Customer tenure',
    segments: [
      { code: 'T0', name: 'Less than 1 year', weight: 15, effect: -0.1 },
      { code: 'T1', name: '1-3 years', weight: 25, effect: 0 },
      { code: 'T3', name: '3-10 years', weight: 35, effect: 0.05 },
      { code: 'T10', name: 'More than 10 years', weight: 25, effect: 0.15 },
    ],
  },
];

export const JOURNEY_STAGES: readonly string[] = [
  'Onboarding',
  'Everyday banking',
  'Borrowing',
  'Digital banking',
  'Service and support',
];

export type QuestionKey = 'nps' | 'ces' | 'csat' | 'staff' | 'wait' | 'ease' | 'comment';

export type DemoQuestion = {
  key: QuestionKey;
  code: string;
  text: string;
  experienceId: number;
  /** 11 for the 0-10 NPS scale, 5 for 1-5, null for the comment. */
  scale: 11 | 5 | null;
  choices?: readonly string[];
};

export type SurveyKey = 'branch' | 'digital' | 'loan';

const NPS_TEXT = 'How likely are you to recommend Demo Bank to a friend or colleague?';
const COMMENT_TEXT = 'What is the main reason for your score? Tell us in your own words.';
const EFFORT = ['Very difficult', 'Difficult', 'Neither easy nor difficult', 'Easy', 'Very easy'];
const RATING = ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'];

/**
 * The demo surveys. Experiences are the system ones: 101 NPS, 201 Customer Effort and 1610 Digital Ease (custom
 * metrics), 102 Customer Satisfaction, 1601 Staff Friendliness and 1602 Waiting Time (average scores), 601
 * Open-ended Feedback.
 */
export const DEMO_SURVEYS: readonly {
  key: SurveyKey;
  code: string;
  title: string;
  journeyStage: string;
  /** Share of the demo's sessions. */
  share: number;
  questions: readonly DemoQuestion[];
}[] = [
  {
    key: 'branch',
    code: 'BRANCH',
    title: 'Branch Experience Survey',
    journeyStage: 'Everyday banking',
    share: 0.6,
    questions: [
      { key: 'nps', code: 'NPS', text: NPS_TEXT, experienceId: 101, scale: 11 },
      {
        key: 'ces',
        code: 'CES',
        text: 'How easy was it to get your transaction done today?',
        experienceId: 201,
        scale: 5,
        choices: EFFORT,
      },
      {
        key: 'csat',
        code: 'CSAT',
        text: 'Overall, how satisfied are you with your branch visit?',
        experienceId: 102,
        scale: 11,
      },
      {
        key: 'staff',
        code: 'STAFF',
        text: 'How would you rate the friendliness of our staff?',
        experienceId: 1601,
        scale: 5,
        choices: RATING,
      },
      {
        key: 'wait',
        code: 'WAIT',
        text: 'How would you rate the time you waited to be served?',
        experienceId: 1602,
        scale: 5,
        choices: RATING,
      },
      { key: 'comment', code: 'COMMENT', text: COMMENT_TEXT, experienceId: 601, scale: null },
    ],
  },
  {
    key: 'digital',
    code: 'DIGITAL',
    title: 'Digital Banking Survey',
    journeyStage: 'Digital banking',
    share: 0.25,
    questions: [
      { key: 'nps', code: 'DIG_NPS', text: NPS_TEXT, experienceId: 101, scale: 11 },
      {
        key: 'ease',
        code: 'DIG_EASE',
        text: 'How easy was it to do what you wanted in our mobile app or internet banking?',
        experienceId: 1610,
        scale: 5,
        choices: EFFORT,
      },
      {
        key: 'csat',
        code: 'DIG_CSAT',
        text: 'Overall, how satisfied are you with our digital channels?',
        experienceId: 102,
        scale: 11,
      },
      { key: 'comment', code: 'DIG_COMMENT', text: COMMENT_TEXT, experienceId: 601, scale: null },
    ],
  },
  {
    key: 'loan',
    code: 'LOAN',
    title: 'Loan Application Survey',
    journeyStage: 'Borrowing',
    share: 0.15,
    questions: [
      { key: 'nps', code: 'LOAN_NPS', text: NPS_TEXT, experienceId: 101, scale: 11 },
      {
        key: 'ces',
        code: 'LOAN_CES',
        text: 'How easy was it to apply for your loan?',
        experienceId: 201,
        scale: 5,
        choices: EFFORT,
      },
      {
        key: 'csat',
        code: 'LOAN_CSAT',
        text: 'Overall, how satisfied are you with the loan process?',
        experienceId: 102,
        scale: 11,
      },
      {
        key: 'staff',
        code: 'LOAN_STAFF',
        text: 'How would you rate the advice you got from our staff?',
        experienceId: 1601,
        scale: 5,
        choices: RATING,
      },
      { key: 'comment', code: 'LOAN_COMMENT', text: COMMENT_TEXT, experienceId: 601, scale: null },
    ],
  },
];

/** A weighted experience group over the average-score experiences, for the weighted-score widgets. */
export const CX_INDEX_GROUP = {
  name: 'CX Index',
  items: [
    { experienceId: 102, weight: 0.5 },
    { experienceId: 1601, weight: 0.3 },
    { experienceId: 1602, weight: 0.2 },
  ],
};

export const PERSON_NAMES = {
  tr: {
    first: [
      'Ahmet',
      'Mehmet',
      'Mustafa',
      'Ali',
      'Hüseyin',
      'Hasan',
      'İbrahim',
      'Murat',
      'Emre',
      'Burak',
      'Can',
      'Deniz',
      'Kerem',
      'Onur',
      'Serkan',
      'Oğuz',
      'Volkan',
      'Tolga',
      'Cem',
      'Yusuf',
      'Ayşe',
      'Fatma',
      'Emine',
      'Zeynep',
      'Elif',
      'Merve',
      'Esra',
      'Büşra',
      'Selin',
      'Derya',
      'Gizem',
      'Ceren',
      'Özlem',
      'Şule',
      'Gül',
      'Hande',
      'Pınar',
      'Ebru',
      'Sibel',
      'Nur',
    ],
    last: [
      'Yılmaz',
      'Kaya',
      'Demir',
      'Şahin',
      'Çelik',
      'Yıldız',
      'Yıldırım',
      'Öztürk',
      'Aydın',
      'Özdemir',
      'Arslan',
      'Doğan',
      'Kılıç',
      'Aslan',
      'Çetin',
      'Kara',
      'Koç',
      'Kurt',
      'Özkan',
      'Şimşek',
      'Polat',
      'Korkmaz',
      'Erdoğan',
      'Aksoy',
      'Güneş',
      'Tekin',
      'Avcı',
      'Bulut',
      'Ünal',
      'Acar',
    ],
  },
  in: {
    first: [
      'Aarav',
      'Vivaan',
      'Aditya',
      'Rohan',
      'Arjun',
      'Rahul',
      'Vikram',
      'Karthik',
      'Sanjay',
      'Amit',
      'Priya',
      'Ananya',
      'Diya',
      'Isha',
      'Kavya',
      'Meera',
      'Neha',
      'Pooja',
      'Shreya',
      'Lakshmi',
    ],
    last: [
      'Sharma',
      'Verma',
      'Patel',
      'Reddy',
      'Iyer',
      'Nair',
      'Gupta',
      'Singh',
      'Kumar',
      'Mehta',
      'Joshi',
      'Rao',
      'Desai',
      'Banerjee',
      'Chatterjee',
    ],
  },
  us: {
    first: [
      'James',
      'John',
      'Robert',
      'Michael',
      'David',
      'William',
      'Daniel',
      'Matthew',
      'Anthony',
      'Kevin',
      'Mary',
      'Jennifer',
      'Linda',
      'Sarah',
      'Jessica',
      'Emily',
      'Ashley',
      'Megan',
      'Laura',
      'Rachel',
    ],
    last: [
      'Smith',
      'Johnson',
      'Williams',
      'Brown',
      'Jones',
      'Garcia',
      'Miller',
      'Davis',
      'Rodriguez',
      'Martinez',
      'Wilson',
      'Anderson',
      'Taylor',
      'Thomas',
      'Moore',
    ],
  },
} as const;

/** Custom data slots the demo fills: 1 customer number, 2 preferred channel, 3 mobile app user. */
export const PREFERRED_CHANNELS = ['Branch', 'Mobile', 'Internet', 'Call centre', 'ATM'] as const;
