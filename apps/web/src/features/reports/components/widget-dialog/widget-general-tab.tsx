import type { TimeColumn } from '@loupe/contracts';
import { Collapse, Divider, Form, Input, Radio, Select, Switch, Typography, type InputRef } from 'antd';
import { useId } from 'react';
import { useDialogText } from './dialog-text';
import type { FieldContext } from './field-context';
import { FilterField } from './filter-field';
import { impactDependantsDisabled } from './filter-rules';
import { HINT_TEXT_MAX, LAYOUTS, WIDGET_TITLE_MAX, type advancedSettingsOf } from './widget-config-model';
import styles from './widget-dialog.module.css';
import { useOpenFocus } from '@/lib/use-open-focus';

export type SectionKey = 'generalFilters' | 'advanced';

type Props = {
  /** The locked identity of the widget: its category, catalogue widget and type, translated. */
  identity: { category: string; widget: string; type: string };
  timeColumns: readonly TimeColumn[];
  allowThirdLayout: boolean;
  widgetFields: readonly string[];
  generalFields: readonly string[];
  fieldContext: FieldContext;
  advanced: ReturnType<typeof advancedSettingsOf>;
  aiWidget: boolean;
  masterChoices: { value: number; label: string }[];
  openSections: SectionKey[];
  onSectionsChange: (keys: SectionKey[]) => void;
};

/**
 * The general settings tab (reports spec §2 "form fields"): category, widget and type (locked), title, show
 * title, date type, layout; the widget's own filters; the general filters; the advanced section (master widgets,
 * tooltips, deviation and impact displays where the widget has them, hint).
 */
export function WidgetGeneralTab({
  identity,
  timeColumns,
  allowThirdLayout,
  widgetFields,
  generalFields,
  fieldContext,
  advanced,
  aiWidget,
  masterChoices,
  openSections,
  onSectionsChange,
}: Props) {
  const { t, tx } = useDialogText();
  const titleRef = useOpenFocus<InputRef>();
  const ids = { category: useId(), widget: useId(), type: useId() };
  const impactOff = impactDependantsDisabled(fieldContext.filters.ImpactType);

  const field = (name: string) => <FilterField key={name} name={name} ctx={fieldContext} />;

  return (
    <>
      <div className={styles.identity}>
        <Form.Item label={t('fields.category')} htmlFor={ids.category}>
          <Input id={ids.category} value={identity.category} disabled />
        </Form.Item>
        <Form.Item label={t('fields.widget')} htmlFor={ids.widget}>
          <Input id={ids.widget} value={identity.widget} disabled />
        </Form.Item>
        <Form.Item label={t('fields.type')} htmlFor={ids.type}>
          <Input id={ids.type} value={identity.type} disabled />
        </Form.Item>
      </div>

      <Form.Item
        name="title"
        label={t('fields.title')}
        rules={[
          { required: true, whitespace: true, message: t('validation.titleRequired') },
          { max: WIDGET_TITLE_MAX, message: t('validation.titleTooLong', { max: WIDGET_TITLE_MAX }) },
        ]}
        validateFirst
      >
        <Input maxLength={WIDGET_TITLE_MAX} showCount ref={titleRef} />
      </Form.Item>

      <div className={styles.basics}>
        <Form.Item name="showTitle" label={t('fields.showTitle')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="timeColumn"
          label={t('fields.timeColumn')}
          rules={[{ required: true, message: t('validation.timeColumnRequired') }]}
        >
          <Select
            className={styles.control}
            options={timeColumns.map((column) => ({ value: column, label: tx(`timeColumns.${column}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="width"
          label={t('fields.layout')}
          rules={[{ required: true, message: t('validation.layoutRequired') }]}
          extra={allowThirdLayout ? undefined : t('layouts.thirdNotAllowed')}
        >
          <Radio.Group
            optionType="button"
            options={LAYOUTS.map((layout) => ({
              value: layout.width,
              label: tx(`layouts.${layout.key}`),
              disabled: layout.key === 'third' && !allowThirdLayout,
            }))}
          />
        </Form.Item>
      </div>

      <Divider titlePlacement="start">{t('sections.widgetFilters')}</Divider>
      {widgetFields.length === 0 ? (
        <Typography.Paragraph className={styles.filtersIntro}>
          {t('sections.noWidgetFilters')}
        </Typography.Paragraph>
      ) : (
        <div className={styles.fieldGrid}>{widgetFields.map(field)}</div>
      )}

      <Collapse
        className={styles.sections}
        activeKey={openSections}
        onChange={(keys) => onSectionsChange(keys as SectionKey[])}
        items={[
          {
            key: 'generalFilters',
            label: t('sections.generalFilters'),
            // Rendered while folded, so that its fields keep their values and rules.
            forceRender: true,
            children: <div className={styles.fieldGrid}>{generalFields.map(field)}</div>,
          },
          {
            key: 'advanced',
            label: t('sections.advanced'),
            forceRender: true,
            children: (
              <div className={styles.fieldGrid}>
                <Form.Item
                  name="masterWidgets"
                  label={t('advanced.masterWidgets')}
                  extra={
                    masterChoices.length === 0
                      ? t('advanced.noMasterWidgets')
                      : aiWidget
                        ? t('advanced.masterWidgetsHelpAi')
                        : t('advanced.masterWidgetsHelp')
                  }
                  className={styles.wide}
                >
                  <Select
                    mode="multiple"
                    allowClear
                    className={styles.control}
                    options={masterChoices}
                    disabled={masterChoices.length === 0}
                    placeholder={t('options.none')}
                    showSearch={{ optionFilterProp: 'label' }}
                  />
                </Form.Item>
                <Form.Item name="showTooltip" label={t('advanced.showTooltip')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                {advanced.showDeviation && (
                  <Form.Item name="showDeviation" label={t('advanced.showDeviation')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                )}
                {advanced.showNpsImpact && (
                  <Form.Item
                    name="showNpsImpact"
                    label={t('advanced.showNpsImpact')}
                    valuePropName="checked"
                    extra={impactOff ? t('help.impactDisabled') : undefined}
                  >
                    <Switch disabled={impactOff} />
                  </Form.Item>
                )}
                {advanced.showAverageNpsScoreImpact && (
                  <Form.Item
                    name="showAverageNpsScoreImpact"
                    label={t('advanced.showAverageNpsScoreImpact')}
                    valuePropName="checked"
                    extra={impactOff ? t('help.impactDisabled') : undefined}
                  >
                    <Switch disabled={impactOff} />
                  </Form.Item>
                )}
                <Form.Item
                  name="hintText"
                  label={t('advanced.hintText')}
                  extra={t('advanced.hintTextHelp')}
                  className={styles.wide}
                >
                  <Input.TextArea rows={2} maxLength={HINT_TEXT_MAX} showCount />
                </Form.Item>
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
