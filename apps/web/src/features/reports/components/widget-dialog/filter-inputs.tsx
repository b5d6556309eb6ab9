import type { LookupTreeNode } from '@loupe/contracts';
import { Form, Radio } from 'antd';
import { FilterTreeSelect } from '@/components/report-filter/filter-tree-select';
import { useDialogText } from './dialog-text';

/*
 * Small controls of the widget form's filter fields: the channel, product and location tree select (the report
 * filter panel's, which handles large trees), and the survey source radio.
 */

export const fieldName = (name: string) => ['filters', name];
export const fieldId = (name: string) => `widget-filter-${name}`;

/** A tree set filter as the form holds it: the chosen node ids. Form.Item passes `id`, `value` and `onChange`. */
export function TreeSetInput({
  id,
  value,
  onChange,
  nodes,
  loading,
  placeholder,
}: {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  nodes: readonly LookupTreeNode[];
  loading: boolean;
  placeholder: string;
}) {
  return (
    <FilterTreeSelect
      id={id ?? ''}
      nodes={nodes}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      loading={loading}
      placeholder={placeholder}
    />
  );
}

/**
 * Where SurveyId's surveys (or SurveyFlowId's flows) come from (reports spec §4, §5): the product's own or the
 * data collector's sources; required. Shown while the data collector module is active, or while a saved widget
 * still reads data sources.
 */
export function SourceField({
  flow,
  dataCollectorActive,
  value,
}: {
  flow: boolean;
  dataCollectorActive: boolean;
  value: unknown;
}) {
  const { t, tx } = useDialogText();
  const name = flow ? 'SourceSelectionForSurveyFlow' : 'SourceSelectionForSurvey';
  const own = flow ? 'surveyFlow' : 'survey';
  if (!dataCollectorActive && value !== 'dataSource') return null;
  return (
    <Form.Item
      name={fieldName(name)}
      label={tx(`filters.${name}`)}
      rules={[{ required: true, message: t('validation.sourceRequired') }]}
    >
      <Radio.Group
        options={[
          { value: own, label: tx(`options.source.${own}`) },
          { value: 'dataSource', label: t('options.source.dataSource') },
        ]}
      />
    </Form.Item>
  );
}
