import { FilterOutlined, InboxOutlined, WarningOutlined } from '@ant-design/icons';
import { Spin, Typography } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './widget-card.module.css';

/*
 * The states a widget card's body shows instead of its data (reports spec §2, §4): loading, no data (also on
 * any failure), waiting for applied filters, and no topic model chosen.
 */

function State({
  icon,
  title,
  text,
  live = false,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  live?: boolean;
}) {
  return (
    <div className={styles.state} role={live ? 'status' : undefined}>
      {icon}
      <Typography.Text className={styles.stateTitle}>{title}</Typography.Text>
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}

export function WidgetLoading() {
  const { t } = useTranslation('widgets');
  return (
    // data-widget-loading: the server's PDF of an email report waits until no widget shows it.
    <div className={styles.state} data-widget-loading="">
      <Spin description={t('state.loading')} />
    </div>
  );
}

/** No data: an icon, "No data" and why; `reason` 'noView' for a kind this page cannot draw yet. */
export function WidgetNoData({ reason = 'empty' }: { reason?: 'empty' | 'noView' }) {
  const { t } = useTranslation('widgets');
  return (
    <State
      icon={<InboxOutlined aria-hidden className={styles.stateIcon} />}
      title={t('state.noData')}
      text={reason === 'noView' ? t('state.noView') : t('state.noDataHint')}
    />
  );
}

/** Tables and comment widgets before the user has applied filters (reports spec §4). */
export function WidgetWaitsForFilters() {
  const { t } = useTranslation('widgets');
  return (
    <State
      icon={<FilterOutlined aria-hidden className={styles.stateIcon} />}
      title={t('state.applyFilters')}
      text={t('state.applyFiltersHint')}
    />
  );
}

/**
 * An AI widget that requires a topic model and has none (reports spec §2). Someone who can edit the report is
 * told to choose one; a viewer, who cannot, gets a neutral notice instead of an instruction.
 */
export function WidgetNeedsTopicModel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('widgets');
  if (!canEdit) {
    return (
      <State
        icon={<InboxOutlined aria-hidden className={styles.stateIcon} />}
        title={t('state.notSetUp')}
        text={t('state.notSetUpHint')}
      />
    );
  }
  return (
    <State
      live
      icon={<WarningOutlined aria-hidden className={styles.stateIconWarning} />}
      title={t('state.noTopicModel')}
      text={t('state.noTopicModelHint')}
    />
  );
}

/**
 * A view that fails to draw (an answer it cannot read) shows the no-data state like a failed call (reports
 * spec §8: logged only, no message); the rest of the report keeps working.
 */
export class WidgetViewBoundary extends Component<
  { widgetId: number; resetKey: unknown; children: ReactNode },
  { failed: boolean; resetKey: unknown }
> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey: unknown },
    state: { failed: boolean; resetKey: unknown },
  ) {
    // New data is another chance to draw.
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Widget ${this.props.widgetId} could not draw its data`, error);
  }

  override render() {
    return this.state.failed ? <WidgetNoData /> : this.props.children;
  }
}
