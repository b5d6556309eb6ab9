import { z } from 'zod';

/*
 * Answer-scale templates (surveys spec §3, §9): local data a question's choices can be filled from. The English
 * set is the spec's twelve; the Turkish set is twelve scales of our own that Turkish CX teams use (docs/surveys.md).
 * Values of agreement and satisfaction scales run from the worst (1) to the best, so averages read upwards.
 */

export const answerScaleTemplateSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Choices: z.array(z.object({ Label: z.string(), Value: z.number().int(), Order: z.number().int() })),
});
export type AnswerScaleTemplate = z.infer<typeof answerScaleTemplateSchema>;

type Scale = [id: number, name: string, description: string, choices: [label: string, value: number][]];

function templates(scales: Scale[]): AnswerScaleTemplate[] {
  return scales.map(([Id, Name, Description, choices]) => ({
    Id,
    Name,
    Description,
    Choices: choices.map(([Label, Value], Order) => ({ Label, Value, Order })),
  }));
}

const zeroToTen = (low: string, high: string): [string, number][] =>
  Array.from({ length: 11 }, (_, value) => [
    value === 0 ? `0 ${low}` : value === 10 ? `10 ${high}` : `${value}`,
    value,
  ]);

export const ENGLISH_ANSWER_SCALE_TEMPLATES = templates([
  [
    1,
    'Yes-No',
    'Two choices: yes or no',
    [
      ['Yes', 1],
      ['No', 0],
    ],
  ],
  [
    2,
    'True-False',
    'Two choices: true or false',
    [
      ['True', 1],
      ['False', 0],
    ],
  ],
  [
    3,
    'Fair-Unfair',
    'Two choices: fair or unfair',
    [
      ['Fair', 1],
      ['Unfair', 0],
    ],
  ],
  [
    4,
    'Agree-Disagree',
    'Two choices: agree or disagree',
    [
      ['Agree', 1],
      ['Disagree', 0],
    ],
  ],
  [
    5,
    'Good-Fair-Poor',
    'Three-point quality scale',
    [
      ['Poor', 1],
      ['Fair', 2],
      ['Good', 3],
    ],
  ],
  [
    6,
    'Agree-Undecided-Disagree',
    'Three-point agreement scale',
    [
      ['Disagree', 1],
      ['Undecided', 2],
      ['Agree', 3],
    ],
  ],
  [
    7,
    'Extremely-Moderately-Not at all',
    'Three-point intensity scale',
    [
      ['Not at all', 1],
      ['Moderately', 2],
      ['Extremely', 3],
    ],
  ],
  [
    8,
    'Strongly Agree-Strongly Disagree',
    'Five-point Likert agreement scale',
    [
      ['Strongly disagree', 1],
      ['Disagree', 2],
      ['Neither agree nor disagree', 3],
      ['Agree', 4],
      ['Strongly agree', 5],
    ],
  ],
  [
    9,
    'Extremely-Not at all',
    'Five-point intensity scale',
    [
      ['Not at all', 1],
      ['Slightly', 2],
      ['Moderately', 3],
      ['Very', 4],
      ['Extremely', 5],
    ],
  ],
  [
    10,
    'Excellent-Very Poor',
    'Five-point quality scale',
    [
      ['Very poor', 1],
      ['Poor', 2],
      ['Fair', 3],
      ['Good', 4],
      ['Excellent', 5],
    ],
  ],
  [
    11,
    'NPS 0 to 10',
    'Net Promoter Score, eleven points from 0 to 10',
    zeroToTen('Not at all likely', 'Extremely likely'),
  ],
  [
    12,
    'NPS five-point',
    'Net Promoter Score on five points with values 2, 4, 6, 8 and 10',
    [
      ['Very unlikely', 2],
      ['Unlikely', 4],
      ['Neutral', 6],
      ['Likely', 8],
      ['Very likely', 10],
    ],
  ],
]);

export const TURKISH_ANSWER_SCALE_TEMPLATES = templates([
  [
    101,
    'Evet-Hayır',
    'İki seçenek: evet ya da hayır',
    [
      ['Evet', 1],
      ['Hayır', 0],
    ],
  ],
  [
    102,
    'Var-Yok',
    'İki seçenek: var ya da yok',
    [
      ['Var', 1],
      ['Yok', 0],
    ],
  ],
  [
    103,
    'Memnun-Memnun Değil',
    'İki seçenekli memnuniyet',
    [
      ['Memnunum', 1],
      ['Memnun değilim', 0],
    ],
  ],
  [
    104,
    'İyi-Orta-Kötü',
    'Üç noktalı kalite ölçeği',
    [
      ['Kötü', 1],
      ['Orta', 2],
      ['İyi', 3],
    ],
  ],
  [
    105,
    'Katılıyorum-Kararsızım-Katılmıyorum',
    'Üç noktalı katılım ölçeği',
    [
      ['Katılmıyorum', 1],
      ['Kararsızım', 2],
      ['Katılıyorum', 3],
    ],
  ],
  [
    106,
    'Daha İyi-Aynı-Daha Kötü',
    'Öncekine göre karşılaştırma',
    [
      ['Daha kötü', 1],
      ['Aynı', 2],
      ['Daha iyi', 3],
    ],
  ],
  [
    107,
    'Kesinlikle Katılıyorum-Kesinlikle Katılmıyorum',
    'Beş noktalı Likert katılım ölçeği',
    [
      ['Kesinlikle katılmıyorum', 1],
      ['Katılmıyorum', 2],
      ['Ne katılıyorum ne katılmıyorum', 3],
      ['Katılıyorum', 4],
      ['Kesinlikle katılıyorum', 5],
    ],
  ],
  [
    108,
    'Çok Memnunum-Hiç Memnun Değilim',
    'Beş noktalı memnuniyet ölçeği',
    [
      ['Hiç memnun değilim', 1],
      ['Memnun değilim', 2],
      ['Kararsızım', 3],
      ['Memnunum', 4],
      ['Çok memnunum', 5],
    ],
  ],
  [
    109,
    'Çok Kolay-Çok Zor',
    'Beş noktalı müşteri eforu ölçeği (CES)',
    [
      ['Çok zor', 1],
      ['Zor', 2],
      ['Ne kolay ne zor', 3],
      ['Kolay', 4],
      ['Çok kolay', 5],
    ],
  ],
  [
    110,
    'Mükemmel-Çok Kötü',
    'Beş noktalı kalite ölçeği',
    [
      ['Çok kötü', 1],
      ['Kötü', 2],
      ['Orta', 3],
      ['İyi', 4],
      ['Mükemmel', 5],
    ],
  ],
  [
    111,
    'NPS 0-10',
    'Net Tavsiye Skoru, 0 ile 10 arası on bir nokta',
    zeroToTen('Hiç olası değil', 'Kesinlikle'),
  ],
  [
    112,
    'Yıldız 1-5',
    'Beş yıldızlı değerlendirme',
    [
      ['1 yıldız', 1],
      ['2 yıldız', 2],
      ['3 yıldız', 3],
      ['4 yıldız', 4],
      ['5 yıldız', 5],
    ],
  ],
]);

/** The set of the caller's language: Turkish for `tr`, English otherwise (`GET /api/answer-scale-templates`). */
export function answerScaleTemplatesFor(language: string): AnswerScaleTemplate[] {
  return language.startsWith('tr') ? TURKISH_ANSWER_SCALE_TEMPLATES : ENGLISH_ANSWER_SCALE_TEMPLATES;
}
