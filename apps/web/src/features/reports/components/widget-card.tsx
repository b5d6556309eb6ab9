import { DeleteOutlined, MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteReportWidget } from '../api/report-widgets';
import { PDF_IGNORE_ATTRIBUTE } from '../report-pdf';
import type { PlacedWidget } from '../widget-layout';
import styles from './report-page.module.css';
import { WidgetBody } from './widget-body';

/**
 * A widget on the report (reports spec §2 "widget card"): its title when shown, and for report:manage a drag
 * handle (from the grid) and a menu to remove the widget (after a confirmation).
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

  return (
    <article
      className={styles.widget}
      aria-labelledby={widget.showTitle ? titleId : undefined}
      aria-label={widget.showTitle ? undefined : title}
    >
      <header className={styles.widgetHeader}>
        {dragHandle}
        {widget.showTitle ? (
          <h2 id={titleId} className={styles.widgetTitle}>
            {title}
          </h2>
        ) : (
          <span className={styles.widgetTitle} />
        )}
        {canManage && <WidgetMenu widgetId={widget.id} name={title} />}
      </header>
      <WidgetBody />
    </article>
  );
}

function WidgetMenu({ widgetId, name }: { widgetId: number; name: string }) {
  const { t } = useTranslation('reports');
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
          {
            key: 'remove',
            danger: true,
            icon: <DeleteOutlined aria-hidden="true" />,
            label: t('widget.remove'),
          },
        ],
        onClick: ({ key }) => {
          if (key === 'remove') confirmRemove();
        },
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined aria-hidden="true" />}
        aria-label={t('widget.menu', { title: name })}
        {...{ [PDF_IGNORE_ATTRIBUTE]: '' }}
      />
    </Dropdown>
  );
}
