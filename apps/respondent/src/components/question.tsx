import type { PublicAnswer, PublicQuestion } from '@loupe/contracts';
import type { AnswerMap, Problem } from '../answers';
import { choicesOf, isMatrix } from '../answers';
import type { Translate } from '../i18n';
import { MultiChoice, SingleChoice } from './choices';
import { Ranking } from './ranking';

type Props = {
  question: PublicQuestion;
  answers: AnswerMap;
  /** Replaces the answer of one id (the question or a matrix row), keeping the fields not given. */
  onAnswer: (questionId: number, change: Partial<PublicAnswer>) => void;
  problem: Problem | undefined;
  t: Translate;
};

const OPEN_INPUT_TYPES: Record<string, 'email' | 'tel' | 'date'> = {
  Email: 'email',
  Phone: 'tel',
  Date: 'date',
};
const TEXT_MAX = 4_000;

/**
 * One question of a page: a fieldset with the question as its legend (a label for an open-ended one), the
 * inputs of its type and choice type, the comment when it allows one, and its problem said on the question.
 */
export function QuestionView({ question, answers, onAnswer, problem, t }: Props) {
  const id = `q${question.Id}`;
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const heading = (
    <>
      <span>{question.Text}</span>
      {question.Required && (
        <span class="required">
          <span aria-hidden="true"> *</span>
          <span class="visually-hidden"> ({t('requiredMark')})</span>
        </span>
      )}
    </>
  );
  const error = problem && (
    <p id={errorId} class="error">
      {t(problem)}
    </p>
  );
  // Matrix comments are kept on the group's first row (the server takes a comment on an answerable id).
  const commentId = isMatrix(question) ? question.SubQuestions[0]?.Id : question.Id;
  const comment = question.AllowComment && commentId !== undefined && (
    <div class="comment">
      <label for={`${id}-comment`}>{t('comment')}</label>
      <textarea
        id={`${id}-comment`}
        rows={2}
        maxLength={TEXT_MAX}
        value={answers.get(commentId)?.Comment ?? ''}
        onInput={(event) => onAnswer(commentId, { Comment: event.currentTarget.value })}
      />
    </div>
  );

  if (question.QuestionTypeName === 'OETX') {
    const inputId = `${id}-text`;
    const common = {
      id: inputId,
      maxLength: TEXT_MAX,
      value: answers.get(question.Id)?.Text ?? '',
      'aria-invalid': problem ? ('true' as const) : undefined,
      'aria-describedby': problem ? errorId : undefined,
      'aria-required': question.Required ? ('true' as const) : undefined,
      onInput: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
        onAnswer(question.Id, { Text: event.currentTarget.value }),
    };
    return (
      <div class={problem ? 'question invalid' : 'question'} id={id}>
        <label for={inputId} class="question-text">
          {heading}
        </label>
        {question.Multiline ? (
          <textarea {...common} rows={4} />
        ) : (
          <input
            {...common}
            // Preact types each input type apart (tsc needs the assertion); these take text's attributes.
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
            type={(OPEN_INPUT_TYPES[question.FormatType ?? ''] ?? 'text') as 'text'}
            inputMode={question.FormatType === 'Number' ? 'decimal' : undefined}
            autoComplete={
              question.FormatType === 'Email' ? 'email' : question.FormatType === 'Phone' ? 'tel' : 'off'
            }
          />
        )}
        {error}
        {comment}
      </div>
    );
  }

  return (
    <fieldset
      class={problem ? 'question invalid' : 'question'}
      id={id}
      aria-describedby={problem ? errorId : undefined}
    >
      <legend id={legendId} class="question-text">
        {heading}
      </legend>
      {question.QuestionTypeName === 'MXRO' && <p class="hint">{t('rankHint')}</p>}
      {isMatrix(question) ? (
        question.SubQuestions.map((row) => (
          <fieldset key={row.Id} class="matrix-row">
            <legend id={`${id}-r${row.Id}`}>{row.Text}</legend>
            <RowInput
              question={question}
              answerId={row.Id}
              labelledBy={`${id}-r${row.Id}`}
              {...{ answers, onAnswer, t }}
            />
          </fieldset>
        ))
      ) : (
        <RowInput
          question={question}
          answerId={question.Id}
          labelledBy={legendId}
          {...{ answers, onAnswer, t }}
        />
      )}
      {error}
      {comment}
    </fieldset>
  );
}

type RowProps = Omit<Props, 'problem'> & { answerId: number; labelledBy: string };

/** The input of one answerable id: the question itself, or a matrix row on the group's choices. */
function RowInput({ question, answerId, labelledBy, answers, onAnswer, t }: RowProps) {
  const answer = answers.get(answerId);
  const name = `a${answerId}`;
  switch (question.QuestionTypeName) {
    case 'MCSS':
    case 'MXSS':
    case 'MXGD':
      return (
        <SingleChoice
          name={name}
          labelledBy={labelledBy}
          choiceType={question.ChoiceType}
          choices={choicesOf(question)}
          value={answer?.Value}
          onChange={(value) => onAnswer(answerId, { Value: value })}
          t={t}
        />
      );
    case 'MCMS':
    case 'MXMD':
      return (
        <MultiChoice
          name={name}
          labelledBy={labelledBy}
          choiceType={question.ChoiceType}
          choices={choicesOf(question)}
          values={answer?.Values ?? []}
          onChange={(values) => onAnswer(answerId, { Values: values })}
          t={t}
        />
      );
    case 'MXRO':
      return (
        <Ranking
          name={name}
          choices={choicesOf(question)}
          values={answer?.Values?.length ? answer.Values : undefined}
          onChange={(values) => onAnswer(answerId, { Values: values })}
          t={t}
        />
      );
    case 'OETX':
      return null;
  }
}
