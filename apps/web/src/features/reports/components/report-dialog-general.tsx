import { Checkbox, Collapse, Form, Switch, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ADVANCED_FILTERS } from '../report-config';
import { ReportDialogFilters } from './report-dialog-filters';
import styles from './report-dialog.module.css';

type Props = {
  /** The report itself is scoped: its scoped-data toggle cannot be turned off here. */
  scopedDataLocked: boolean;
  /** The fixed filters start unfolded. */
  filtersOpen: boolean;
};

/**
 * The report dialog's General tab (reports spec §2, §3): the scoped-data toggles, the advanced filters the
 * report page offers, the text analytics filters and, folded, the report's fixed filters. Field names are
 * those of `ReportGeneralSettings`.
 */
export function ReportDialogGeneral({ scopedDataLocked, filtersOpen }: Props) {
  const { t } = useTranslation('reports');
  const hasAdvancedFilter = Form.useWatch<boolean | undefined>('hasAdvancedFilter');
  const filtersRef = useRef<HTMLDivElement>(null);
  // Opened for the report filters (the edit menu's "Report filters"): the unfolded section is brought into view.
  useEffect(() => {
    if (filtersOpen) filtersRef.current?.scrollIntoView({ block: 'start' });
  }, [filtersOpen]);

  return (
    <>
      <div className={styles.toggles}>
        <Form.Item
          name="scopedData"
          label={t('dialog.scopedData')}
          valuePropName="checked"
          extra={scopedDataLocked ? t('dialog.scopedDataLocked') : t('dialog.scopedDataHelp')}
        >
          <Switch disabled={scopedDataLocked} />
        </Form.Item>
        <Form.Item
          name="scopedDataForEmployee"
          label={t('dialog.scopedDataForEmployee')}
          valuePropName="checked"
          extra={t('dialog.scopedDataForEmployeeHelp')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="hasAdvancedFilter"
          label={t('dialog.hasAdvancedFilter')}
          valuePropName="checked"
          extra={t('dialog.hasAdvancedFilterHelp')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="textAnalyticsFilter2Visible"
          label={t('dialog.textAnalyticsFilter2Visible')}
          valuePropName="checked"
          extra={t('dialog.textAnalyticsFilter2VisibleHelp')}
        >
          <Switch />
        </Form.Item>
      </div>
      <Form.Item name="advancedFilters" label={t('dialog.advancedFilters')}>
        <Checkbox.Group
          className={styles.checkboxes}
          disabled={!hasAdvancedFilter}
          options={ADVANCED_FILTERS.map((name) => ({
            value: name,
            label: t(`dialog.advancedFilter.${name}`),
          }))}
        />
      </Form.Item>
      <div ref={filtersRef}>
        <Collapse
          className={styles.filters}
          defaultActiveKey={filtersOpen ? ['filters'] : []}
          items={[
            {
              key: 'filters',
              label: t('dialog.filters'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('dialog.filtersHelp')}</Typography.Paragraph>
                  <ReportDialogFilters />
                </>
              ),
            },
          ]}
        />
      </div>
    </>
  );
}
