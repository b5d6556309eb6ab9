import {
  FILTER_FIELDS,
  FREE_TEXT_MAX,
  filterValues,
  listOf,
  type ReportFilter,
  type ScoreRange,
} from '@loupe/contracts';
import { Form, Input, Select, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterTreeSelect } from './filter-tree-select';
import type { FilterKey, FilterProblems } from './panel-filter';
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
        value={listOf(draft[key] as number | string | (number | string)[] | null | undefined)}
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
    const questions = listOf(draft.QuestionId).filter((questionId) => {
      const surveyId = options.surveyOfQuestion.get(questionId);
      return surveyId === undefined ? surveys.size > 0 : surveys.has(surveyId);
    });
    return { SurveyId: values as number[], QuestionId: questions };
  };

  const treeField = (key: FilterKey) => {
    const state = options.stateOf(key);
    const tree = FILTER_FIELDS[key].tree!;
    return field(
      key,
      <FilterTreeSelect
        id={fieldId(key)}
        nodes={options.trees[tree]}
        value={filterValues(key, draft[key]) as number[]}
        onChange={(ids) => set({ [key]: { Ids: ids } })}
        loading={state.loading}
        disabled={disabled.has(key)}
        placeholder={t('placeholders.any')}
        status={problems[key] ? 'error' : undefined}
      />,
    );
  };

  /** Topics (grouped per topic model, as UserDimensionFilters2 carries them) or emotions (a plain id list). */
  const topicField = (key: FilterKey) => {
    const state = options.stateOf(key);
    const onTopics = (ids: number[]) => {
      if (FILTER_FIELDS[key].kind !== 'topics') return set({ [key]: ids });
      const byModel = new Map<number | null, number[]>();
      for (const id of ids) {
        const model = options.modelOfTopic.get(id) ?? null;
        byModel.set(model, [...(byModel.get(model) ?? []), id]);
      }
      set({ [key]: [...byModel].map(([TopicModelId, TopicIds]) => ({ TopicModelId, TopicIds })) });
    };
    return field(
      key,
      <TreeSelect<number[]>
        id={fieldId(key)}
        multiple
        allowClear
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={options.topics[key] ?? []}
        value={filterValues(key, draft[key]) as number[]}
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

  /** A filter's control, by its kind in the filter-field registry. */
  const render = (key: FilterKey): ReactNode => {
    const { kind, lookup, dependsOn, unset } = FILTER_FIELDS[key];
    if (lookup === 'topicModels' || lookup === 'emotions') return topicField(key);
    switch (kind) {
      case 'treeSet':
        return treeField(key);
      case 'ids':
      case 'id':
      case 'segments':
      case 'choices': {
        if (dependsOn === undefined) return multiSelect(key);
        // Chosen within another filter's values (questions of the chosen surveys): that one first.
        const without = listOf(draft[dependsOn as FilterKey] as unknown).length === 0;
        return multiSelect(key, {
          disabled: without && listOf(draft[key] as unknown).length === 0,
          placeholder: without ? t('placeholders.chooseSurveyFirst') : undefined,
        });
      }
      case 'choice':
        return field(
          key,
          <Select
            id={fieldId(key)}
            options={options.selects[key] ?? []}
            value={(draft[key] as number | string | null | undefined) ?? unset}
            onChange={(value: number | string) => set({ [key]: value })}
            className={styles.control}
            {...popupProps}
          />,
        );
      case 'scoreRange':
        return field(
          key,
          <ScoreRangeField
            id={fieldId(key)}
            value={(draft[key] as ScoreRange | null | undefined) ?? null}
            onChange={(range) => set({ [key]: range })}
            invalid={problems[key] !== undefined}
          />,
        );
      case 'text':
        return field(
          key,
          <Input
            id={fieldId(key)}
            allowClear
            maxLength={FREE_TEXT_MAX}
            showCount
            value={(draft[key] as string | null | undefined) ?? ''}
            onChange={(event) => set({ [key]: event.target.value })}
            placeholder={t('placeholders.freeText')}
            status={problems[key] ? 'error' : undefined}
          />,
        );
      case 'topics':
      case 'flag':
      case 'timeRange':
        return null;
    }
  };

  return <>{keys.map(render)}</>;
}
