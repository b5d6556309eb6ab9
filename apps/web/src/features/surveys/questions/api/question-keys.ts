/** The library grid's endpoint and the query keys of one question and of the form's select lists. */
export const QUESTIONS_ENDPOINT = '/api/questions';

export const questionKeys = {
  question: (id: number) => ['questions', id] as const,
  questionTypes: ['questions', 'types'] as const,
  answerScaleTemplates: (language: string) => ['questions', 'answer-scale-templates', language] as const,
  experiences: ['questions', 'experiences'] as const,
  choiceImage: (url: string) => ['questions', 'choice-image', url] as const,
};

/** Select lists change rarely: loaded once per visit of the form. */
export const LOOKUP_STALE_TIME = 5 * 60_000;
