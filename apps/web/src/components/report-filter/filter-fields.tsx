import type { ReportFilter } from '@loupe/contracts';
import { Form, Input, Select, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterTreeSelect } from './filter-tree-select';
import { FREE_TEXT_MAX, type FilterKey, type FilterProblems } from './panel-filter';
import styles from './report-filter.module.css';
import { ScoreRangeField } from './score-range-field';
import { TREE_MAX_TAG_COUNT, TREE_POPUP_MAX_WIDTH } from './tree-options';
import type { FilterOptions } from './use-filter-options';

type Props = {
  keys: readonly FilterKey[];
  draft: ReportFilter;
  onChange: (next: ReportFilter) => void;
  options: FilterOptions;
  problems: FilterProblems;
  /** Fields shown but not editable (the advanced filters while a text-analytics filter is set). */
  disabled: ReadonlySet<FilterKey>;
};

type TreeKey = 'ChannelSet' | 'ProductSet' | 'ChannelLocationSet' | 'InviteeLocationSet';
const TREE_OF = {
  ChannelSet: 'channels',
  ProductSet: 'products',
  ChannelLocationSet: 'locations',
  InviteeLocationSet: 'locations',
} as const satisfies Record<TreeKey, string>;

/** A filter value as a list: the spec names some list filters in the singular, which take one id or a list. */
function asList<T>(value: T | readonly T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...(value as T[])] : [value as T];
}

/** The control id of a filter field, for its label. */
export function fieldId(key: FilterKey): string {
  return `report-filter-${key}`;
}

/** The drop-downs of every filter: a scroll area of half the window's height, at most 370 px wide. */
const popupProps = {
  listHeight: typeof window === 'undefined' ? 400 : Math.round(window.innerHeight / 2),
  styles: { popup: { root: { maxWidth: TREE_POPUP_MAX_WIDTH } } },
} as const;

/** The fields of the given filters, each labelled, with its problem below it. */
export function FilterFields({ keys, draft, onChange, options, problems, disabled }: Props) {
  const { t } = useTranslation('filters');
  const set = (patch: Partial<ReportFilter>) => onChange({ ...draft, ...patch });

  const field = (key: FilterKey, control: ReactNode, htmlFor = fieldId(key)) => {
    const problem = problems[key];
    const state = options.stateOf(key);
    return (
      <Form.Item
        key={key}
        label={t(`fields.${key}`)}
        htmlFor={htmlFor}
        validateStatus={problem ? 'error' : undefined}
        help={problem ? t(problem) : state.failed ? t('options.unavailable') : undefined}
      >
        {control}
      </Form.Item>
    );
  };

  const multiSelect = (key: FilterKey, extra: { placeholder?: string; disabled?: boolean } = {}) => {
    const state = options.stateOf(key);
    return field(
      key,
      <Select
        id={fieldId(key)}
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        maxTagCount={TREE_MAX_TAG_COUNT}
        maxTagPlaceholder={(omitted) => t('tree.moreTags', { count: omitted.length })}
        options={options.selects[key] ?? []}
        value={asList(draft[key] as number | string | (number | string)[] | null | undefined)}
        onChange={(values: (number | string)[]) => set(changeOf(key, values))}
        loading={state.loading}
        disabled={disabled.has(key) || extra.disabled}
        placeholder={extra.placeholder ?? t('placeholders.any')}
        notFoundContent={t('tree.noOptions')}
        status={problems[key] ? 'error' : undefined}
        className={styles.control}
        {...popupProps}
      />,
    );
  };

  /** A change of one list filter; surveys also drop the questions of surveys no longer chosen. */
  const changeOf = (key: FilterKey, values: (number | string)[]): Partial<ReportFilter> => {
    if (key !== 'SurveyId') return { [key]: values };
    const surveys = new Set(values);
    const questions = asList(draft.QuestionId).filter((questionId) => {
      const surveyId = options.surveyOfQuestion.get(questionId);
      return surveyId === undefined ? surveys.size > 0 : surveys.has(surveyId);
    });
    return { SurveyId: values as number[], QuestionId: questions };
  };

  const treeField = (key: TreeKey) => {
    const state = options.stateOf(key);
    return field(
      key,
      <FilterTreeSelect
        id={fieldId(key)}
        nodes={options.trees[TREE_OF[key]]}
        value={draft[key]?.Ids ?? []}
        onChange={(ids) => set({ [key]: { Ids: ids } })}
        loading={state.loading}
        disabled={disabled.has(key)}
        placeholder={t('placeholders.any')}
        status={problems[key] ? 'error' : undefined}
      />,
    );
  };

  const topicField = (key: 'UserDimensionFilters2' | 'EmotionDimensionFilters') => {
    const state = options.stateOf(key);
    const value =
      key === 'UserDimensionFilters2'
        ? (draft.UserDimensionFilters2 ?? []).flatMap((topics) => topics.TopicIds)
        : (draft.EmotionDimensionFilters ?? []);
    const onTopics = (ids: number[]) => {
      if (key === 'EmotionDimensionFilters') return set({ EmotionDimensionFilters: ids });
      // One entry per topic model, as UserDimensionFilters2 carries them.
      const byModel = new Map<number | null, number[]>();
      for (const id of ids) {
        const model = options.modelOfTopic.get(id) ?? null;
        byModel.set(model, [...(byModel.get(model) ?? []), id]);
      }
      set({
        UserDimensionFilters2: [...byModel].map(([TopicModelId, TopicIds]) => ({ TopicModelId, TopicIds })),
      });
    };
    return field(
      key,
      <TreeSelect<number[]>
        id={fieldId(key)}
        multiple
        allowClear
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={options.topics[key]}
        value={value}
        onChange={onTopics}
        maxTagCount={TREE_MAX_TAG_COUNT}
        maxTagPlaceholder={(omitted) => t('tree.moreTags', { count: omitted.length })}
        loading={state.loading}
        disabled={disabled.has(key)}
        placeholder={t('placeholders.any')}
        notFoundContent={t('tree.noOptions')}
        className={styles.control}
        {...popupProps}
      />,
    );
  };

  const render = (key: FilterKey): ReactNode => {
    switch (key) {
      case 'ChannelSet':
      case 'ProductSet':
      case 'ChannelLocationSet':
      case 'InviteeLocationSet':
        return treeField(key);
      case 'TransactionTypeId':
      case 'Segments':
      case 'RespondentType':
      case 'JourneyStages':
      case 'ExperienceIds':
      case 'DataSourceSurveyIds':
      case 'SurveyId':
      case 'SentimentFilter':
      case 'Source':
        return multiSelect(key);
      case 'QuestionId': {
        const noSurvey = asList(draft.SurveyId).length === 0;
        return multiSelect(key, {
          disabled: noSurvey && asList(draft.QuestionId).length === 0,
          placeholder: noSurvey ? t('placeholders.chooseSurveyFirst') : undefined,
        });
      }
      case 'SessionStatus':
        return field(
          key,
          <Select
            id={fieldId(key)}
            options={options.selects.SessionStatus ?? []}
            value={draft.SessionStatus ?? 0}
            onChange={(status: 0 | 1 | 2) => set({ SessionStatus: status })}
            className={styles.control}
            {...popupProps}
          />,
        );
      case 'UserDimensionFilters2':
      case 'EmotionDimensionFilters':
        return topicField(key);
      case 'ScoreRange':
        return field(
          key,
          <ScoreRangeField
            id={fieldId(key)}
            value={draft.ScoreRange ?? null}
            onChange={(range) => set({ ScoreRange: range })}
            invalid={problems.ScoreRange !== undefined}
          />,
        );
      case 'FreeTextFilter':
        return field(
          key,
          <Input
            id={fieldId(key)}
            allowClear
            maxLength={FREE_TEXT_MAX}
            showCount
            value={draft.FreeTextFilter ?? ''}
            onChange={(event) => set({ FreeTextFilter: event.target.value })}
            placeholder={t('placeholders.freeText')}
            status={problems.FreeTextFilter ? 'error' : undefined}
          />,
        );
    }
  };

  return <>{keys.map(render)}</>;
}
