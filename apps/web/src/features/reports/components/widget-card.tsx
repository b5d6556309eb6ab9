import { DeleteOutlined, EditOutlined, MoreOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { WidgetKind } from '@loupe/contracts';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTitle } from '@/lib/display-title';
import { errorMessage } from '@/lib/error-message';
import { useDeleteReportWidget } from '../api/report-widgets';
import { PDF_IGNORE_ATTRIBUTE } from '@/widgets/shared/pdf-ignore';
import type { PlacedWidget } from '@/widgets/shared/widget-layout';
import { DriverSimulationButton } from '@/widgets/impact/driver-simulation-button';
import { useReportWidgets } from '@/widgets/shared/report-context';
import { TopicDiscoveryButton } from '@/widgets/text-analytics/topic-discovery-button';
import styles from '@/widgets/shared/widget-card.module.css';
import { widgetKindOf } from '@/widgets/shared/widget-data';
import { WidgetNotices } from '@/widgets/shared/widget-notices';
import { WidgetBody } from './widget-body';
import { WidgetDialog } from './widget-dialog/widget-dialog';

const pdfIgnore = { [PDF_IGNORE_ATTRIBUTE]: '' };

/**
 * A widget on the report (reports spec §2 "widget card"): its title when shown, a hint, and for report:manage a
 * drag handle (from the grid) and a menu to edit (the widget dialog) or remove it; on the text-analytics widgets
 * the go-to-topic-discovery and driver-simulation buttons (each decides itself whether it shows); under the title the
 * affected-by text, the not-affected badge, the applied-filters chip and the trend date-range warning; then the
 * widget's data (WidgetBody).
 */
export function WidgetCard({
  widget,
  title,
  canManage,
  dragHandle,
}: {
  widget: PlacedWidget;
  /** The widget's title, translated; the card's name even when the title is not shown. */
  title: string;
  canManage: boolean;
  /** The grid's drag handle, for users who may rearrange the report. */
  dragHandle?: ReactNode;
}) {
  const titleId = useId();
  const { reportId } = useReportWidgets();
  const [editing, setEditing] = useState(false);
  const kind = widgetKindOf(widget.config);

  return (
    <article
      className={styles.card}
      aria-labelledby={widget.showTitle ? titleId : undefined}
      aria-label={widget.showTitle ? undefined : title}
    >
      <header className={styles.header}>
        {dragHandle}
        {widget.showTitle ? (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        ) : (
          <span className={styles.title} />
        )}
        <TopicDiscoveryButton widget={widget} kind={kind} title={title} />
        <DriverSimulationButton widget={widget} title={title} />
        <WidgetHint widget={widget} kind={kind} name={title} />
        {canManage && <WidgetMenu widgetId={widget.id} name={title} onEdit={() => setEditing(true)} />}
      </header>
      <WidgetNotices widget={widget} kind={kind} />
      <WidgetBody widget={widget} kind={kind} />
      {canManage && editing && (
        <WidgetDialog reportId={reportId} editing={widget} open onClose={() => setEditing(false)} />
      )}
    </article>
  );
}

/**
 * The hint icon (reports spec §2): Config.hintText (a `{{{key}}}` text is translated), else what the widget's
 * kind shows; hidden when Config.showTooltip is false.
 */
function WidgetHint({
  widget,
  kind,
  name,
}: {
  widget: PlacedWidget;
  kind: WidgetKind | undefined;
  name: string;
}) {
  const { t } = useTranslation('widgets');
  if (widget.config.showTooltip === false) return null;
  const own = widget.config.hintText;
  const hint =
    typeof own === 'string' && own.trim() !== ''
      ? displayTitle(own, (key) => t(key as 'card.hint', { defaultValue: key }))
      : kind
        ? t(`hint.${kind}`)
        : undefined;
  if (!hint) return null;
  return (
    <Tooltip title={hint}>
      <Button
        type="text"
        size="small"
        className={styles.headerButton}
        icon={<QuestionCircleOutlined aria-hidden="true" />}
        aria-label={t('card.hint', { title: name })}
        aria-description={hint}
        {...pdfIgnore}
      />
    </Tooltip>
  );
}

function WidgetMenu({ widgetId, name, onEdit }: { widgetId: number; name: string; onEdit: () => void }) {
  const { t } = useTranslation('reports');
  const { t: tWidgets } = useTranslation('widgets');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteReportWidget();

  const confirmRemove = () =>
    modal.confirm({
      title: t('widget.removeTitle', { title: name }),
      content: t('widget.removeText'),
      okText: t('widget.remove'),
      okButtonProps: { danger: true },
      cancelText: tCommon('common.cancel'),
      onOk: () =>
        remove.mutateAsync(widgetId).then(
          () => void message.success(t('widget.removed', { title: name })),
          (error: unknown) =>
            void message.error(`${t('widget.removeFailed')} ${errorMessage(error, tCommon)}`),
        ),
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'edit', icon: <EditOutlined aria-hidden="true" />, label: tWidgets('card.edit') },
          {
            key: 'remove',
            danger: true,
            icon: <DeleteOutlined aria-hidden="true" />,
            label: t('widget.remove'),
          },
        ],
        onClick: ({ key }) => {
          if (key === 'edit') onEdit();
          if (key === 'remove') confirmRemove();
        },
      }}
    >
      <Button
        type="text"
        size="small"
        className={styles.headerButton}
        icon={<MoreOutlined aria-hidden="true" />}
        aria-label={t('widget.menu', { title: name })}
        {...pdfIgnore}
      />
    </Dropdown>
  );
}
