import { idsOf, type ReportFilter } from '@loupe/contracts';
import { Alert, Form, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterDrawer } from './filter-drawer';
import { FilterFields, fieldId } from './filter-fields';
import {
  ADVANCED_FILTER_KEYS,
  applyPanelFilter,
  clearPanelFilter,
  countSetFilters,
  hasAiFilter,
  isAiFilterKey,
  offeredFilterKeys,
  restrictedFilterKeys,
  type FilterKey,
  type FilterProblems,
  type FilterRestrictions,
} from './panel-filter';
import styles from './report-filter.module.css';
import { SavedFilters } from './saved-filters';
import { useFilterOptions } from './use-filter-options';

export type ReportFilterPanelProps = {
  /** The applied filter (the page's; TimeRange and TimePeriod pass through untouched). */
  value: ReportFilter;
  /** Apply: the checked and normalised filter (empty values dropped, SessionStatus 0 not sent). */
  onApply: (filter: ReportFilter) => void;
  /**
   * Clear: the filter with the panel's filters emptied, except those the restrictions fix; the date range and
   * hidden filters kept. Without it, Clear applies that filter through `onApply`.
   */
  onClear?: (cleared: ReportFilter) => void;
  /** The caller's preset restrictions: trees trimmed to them, their filters kept on Clear. */
  restrictions?: FilterRestrictions;
  /** Filter keys the report hides (report config). */
  hidden?: readonly string[];
  /** The AI module (bootstrap `IsAIModuleActive`) adds the text-analytics filters. */
  aiModuleActive: boolean;
  /** With a page name, the panel offers the user's saved filters of that page. */
  savedFiltersPage?: string;
};

type Section = { id: 'general' | 'advanced' | 'textAnalytics'; keys: FilterKey[] };

function sectionsOf(offered: readonly FilterKey[]): Section[] {
  const sections: Section[] = [
    {
      id: 'general',
      keys: offered.filter((key) => !isAiFilterKey(key) && !ADVANCED_FILTER_KEYS.includes(key)),
    },
    { id: 'advanced', keys: offered.filter((key) => ADVANCED_FILTER_KEYS.includes(key)) },
    { id: 'textAnalytics', keys: offered.filter(isAiFilterKey) },
  ];
  return sections.filter((section) => section.keys.length > 0);
}

/**
 * The report filter panel (reports spec §2): a "Filters" button with the "N of M" badge opening a drawer of the
 * offered filters. Apply checks the draft first; Clear empties it but for the restricted filters. With a text-
 * analytics filter set, the advanced filters are turned off (explained by a note).
 */
export function ReportFilterPanel({
  value,
  onApply,
  onClear,
  restrictions,
  hidden,
  aiModuleActive,
  savedFiltersPage,
}: ReportFilterPanelProps) {
  const { t } = useTranslation('filters');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ReportFilter>(value);
  const [problems, setProblems] = useState<FilterProblems>({});

  const offered = useMemo(() => offeredFilterKeys({ hidden, aiModuleActive }), [hidden, aiModuleActive]);
  const sections = useMemo(() => sectionsOf(offered), [offered]);
  const count = countSetFilters(value, offered);
  const surveyIds = idsOf(draft.SurveyId);
  const options = useFilterOptions({ keys: offered, enabled: open, restrictions, surveyIds });

  const aiInDraft = hasAiFilter(draft, offered);
  const aiApplied = hasAiFilter(value, offered);
  const fixed = useMemo(() => restrictedFilterKeys(restrictions), [restrictions]);
  const disabled = useMemo(
    () => new Set<FilterKey>(aiInDraft ? ADVANCED_FILTER_KEYS.filter((key) => !fixed.includes(key)) : []),
    [aiInDraft, fixed],
  );

  const show = () => {
    setDraft(value);
    setProblems({});
    setOpen(true);
  };

  const change = (next: ReportFilter) => {
    setDraft(next);
    // A corrected field loses its mark; the rest are checked again on Apply.
    setProblems((current) => {
      const kept: FilterProblems = {};
      for (const [key, problem] of Object.entries(current) as [FilterKey, FilterProblems[FilterKey]][]) {
        if (next[key] === draft[key]) kept[key] = problem;
      }
      return kept;
    });
  };

  const apply = () => {
    const result = applyPanelFilter({ draft, offered, restrictions });
    if (!result.ok) {
      setProblems(result.problems);
      // The first marked field takes the focus, so that it is in view and its message is read out.
      const first = offered.find((key) => result.problems[key] !== undefined);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setProblems({});
    setOpen(false);
    onApply(result.filter);
  };

  const clear = () => {
    const cleared = clearPanelFilter({ filter: value, offered, restrictions });
    setDraft(cleared);
    setProblems({});
    setOpen(false);
    if (onClear) onClear(cleared);
    else onApply(cleared);
  };

  const hasProblems = Object.keys(problems).length > 0;

  return (
    <FilterDrawer
      count={count}
      total={offered.length}
      open={open}
      onOpen={show}
      onClose={() => setOpen(false)}
      onApply={apply}
      onClear={clear}
    >
      {savedFiltersPage ? (
        <SavedFilters
          page={savedFiltersPage}
          draft={draft}
          offered={offered}
          restrictions={restrictions}
          onLoad={(next) => change(next)}
        />
      ) : null}
      {hasProblems ? (
        <Alert type="error" showIcon title={t('panel.invalid')} className={styles.note} />
      ) : null}
      {fixed.length > 0 ? (
        <Alert type="info" showIcon title={t('panel.restrictedNote')} className={styles.note} />
      ) : null}
      <Form layout="vertical" component="div">
        {sections.map((section) => (
          <section
            key={section.id}
            className={styles.section}
            aria-labelledby={`report-filter-${section.id}`}
          >
            <Typography.Title level={5} id={`report-filter-${section.id}`} className={styles.sectionTitle}>
              {t(`sections.${section.id}`)}
            </Typography.Title>
            {section.id === 'advanced' && aiInDraft ? (
              <Alert
                type="warning"
                showIcon
                title={aiApplied ? t('panel.aiApplied') : t('panel.aiNote')}
                className={styles.note}
              />
            ) : null}
            <FilterFields
              keys={section.keys}
              draft={draft}
              onChange={change}
              options={options}
              problems={problems}
              disabled={disabled}
            />
          </section>
        ))}
      </Form>
    </FilterDrawer>
  );
}
