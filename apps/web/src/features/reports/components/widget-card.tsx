import {
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  QuestionCircleOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { WidgetKind } from '@loupe/contracts';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBootstrap } from '@/lib/bootstrap';
import { displayTitle } from '@/lib/display-title';
import { errorMessage } from '@/lib/error-message';
import { useDeleteReportWidget } from '../api/report-widgets';
import { PDF_IGNORE_ATTRIBUTE } from '@/widgets/shared/pdf-ignore';
import type { PlacedWidget } from '@/widgets/shared/widget-layout';
import { DriverSimulationButton } from '@/widgets/impact/driver-simulation-button';
import { useReportWidgets } from '@/widgets/shared/report-context';
import { TopicDiscoveryButton } from '@/widgets/text-analytics/topic-discovery-button';
import styles from '@/widgets/shared/widget-card.module.css';
import { useWidgetData, useWidgetRequest } from '@/widgets/shared/use-widget-data';
import { widgetKindOf } from '@/widgets/shared/widget-data';
import {
  lineageBars,
  lineageCells,
  lineageHref,
  lineagePoints,
  lineageRegions,
  lineageSegments,
  offersBarResponses,
  offersCellResponses,
  offersPointResponses,
  offersRegionResponses,
  offersResponses,
  offersSegmentResponses,
} from '@/widgets/shared/widget-lineage';
import { useBucketLabel, useCellLabel } from '@/widgets/trend/trend-views';
import { WidgetNotices } from '@/widgets/shared/widget-notices';
import { WidgetBody } from './widget-body';
import { WidgetDialog } from './widget-dialog/widget-dialog';

const pdfIgnore = { [PDF_IGNORE_ATTRIBUTE]: '' };

/** The "Show responses of a …" submenu's title and empty states of each part of a widget. */
const PART_TEXTS = {
  bar: { title: 'card.barResponses', loading: 'card.barsLoading', none: 'card.noBars' },
  point: { title: 'card.pointResponses', loading: 'card.pointsLoading', none: 'card.noPoints' },
  region: { title: 'card.regionResponses', loading: 'card.regionsLoading', none: 'card.noRegions' },
  segment: { title: 'card.segmentResponses', loading: 'card.segmentsLoading', none: 'card.noSegments' },
  cell: { title: 'card.cellResponses', loading: 'card.cellsLoading', none: 'card.noCells' },
} as const;

/**
 * A widget on the report (reports spec §2 "widget card"): its title when shown, a hint, and for report:manage a
 * drag handle (from the grid) and a menu to edit (the widget dialog) or remove it; on the text-analytics widgets
 * the go-to-topic-discovery and driver-simulation buttons (each decides itself whether it shows); under the title the
 * affected-by text, the not-affected badge, the applied-filters chip and the trend date-range warning; then the
 * widget's data (WidgetBody). The menu also offers "Show responses" (lineage, docs/responses-analyzer.md) on a
 * figure with a response count to a caller who may open the responses analyzer, manager or not; on a grouped
 * chart (performance, channel performance) it is a submenu of the chart's bars, on a trend a submenu of its drawn
 * points, on a map of its regions, on a per-segment gauge of its segments, on the days-of-week chart of its
 * cells, each opening its own responses
 * (keyboard: arrow keys open and walk the submenu, as any menu).
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
  const scopes = useBootstrap().data?.User.Scopes;
  const showResponses = offersResponses(widget.config, scopes);

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
        {(canManage || showResponses) && (
          <WidgetMenu
            widget={widget}
            kind={kind}
            name={title}
            canManage={canManage}
            showResponses={showResponses}
            onEdit={() => setEditing(true)}
          />
        )}
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

function WidgetMenu({
  widget,
  kind,
  name,
  canManage,
  showResponses,
  onEdit,
}: {
  widget: PlacedWidget;
  kind: WidgetKind | undefined;
  name: string;
  canManage: boolean;
  showResponses: boolean;
  onEdit: () => void;
}) {
  const widgetId = widget.id;
  const { t } = useTranslation('reports');
  const { t: tWidgets } = useTranslation('widgets');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteReportWidget();
  const navigate = useNavigate();
  // The body the widget posts (report filter, master widgets' drill-down): the analyzer reads the same filter.
  const request = useWidgetRequest(widget);
  const { ReportId: _report, DataFilters: _filters, ...filter } = request;
  // A grouped chart lists its bars, a trend its points, a map its regions, a per-segment gauge its segments, the
  // days-of-week chart its cells: the widget's own data (the same query, so no second call once it is drawn), asked for only while the menu is open.
  const [open, setOpen] = useState(false);
  const barsMenu = showResponses && offersBarResponses(widget.config);
  const pointsMenu = showResponses && offersPointResponses(widget.config);
  const regionsMenu = showResponses && offersRegionResponses(widget.config);
  const segmentsMenu = showResponses && offersSegmentResponses(widget.config);
  const cellsMenu = showResponses && offersCellResponses(widget.config);
  const partsMenu = barsMenu || pointsMenu || regionsMenu || segmentsMenu || cellsMenu;
  const data = useWidgetData({ widget, kind: kind ?? 'Card', request, enabled: open && partsMenu });
  const labelOf = useBucketLabel();
  const cellLabel = useCellLabel();
  const parts = barsMenu
    ? lineageBars(data.data).map((bar) => ({
        key: `bar:${bar.id}`,
        label: tWidgets('card.barLabel', { name: bar.name, responses: bar.responses }),
      }))
    : pointsMenu
      ? lineagePoints(data.data).map((point) => ({
          key: `point:${point.category}`,
          label: tWidgets('card.pointLabel', { name: labelOf(point.category), responses: point.responses }),
        }))
      : regionsMenu
        ? lineageRegions(data.data).map((region) => ({
            key: `region:${region.id}`,
            label: tWidgets('card.regionLabel', { name: region.name, responses: region.responses }),
          }))
        : segmentsMenu
          ? lineageSegments(data.data).map((segment) => ({
              key: `segment:${segment.id}`,
              label: tWidgets('card.segmentLabel', { name: segment.name, responses: segment.responses }),
            }))
          : lineageCells(data.data).map((cell) => ({
              key: `cell:${cell.WeekOfDay}:${cell.PartOfDay}`,
              label: tWidgets('card.cellLabel', { name: cellLabel(cell), responses: cell.responses }),
            }));
  const texts =
    PART_TEXTS[
      barsMenu ? 'bar' : pointsMenu ? 'point' : regionsMenu ? 'region' : segmentsMenu ? 'segment' : 'cell'
    ];
  const emptyState = tWidgets(data.isFetching ? texts.loading : texts.none);
  const partItems = parts.length > 0 ? parts : [{ key: 'parts-state', disabled: true, label: emptyState }];

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
      onOpenChange={setOpen}
      menu={{
        items: [
          ...(showResponses
            ? [
                partsMenu
                  ? {
                      key: 'responses',
                      icon: <UnorderedListOutlined aria-hidden="true" />,
                      label: tWidgets(texts.title),
                      popupClassName: styles.barsPopup,
                      children: partItems,
                    }
                  : {
                      key: 'responses',
                      icon: <UnorderedListOutlined aria-hidden="true" />,
                      label: tWidgets('card.showResponses'),
                    },
              ]
            : []),
          ...(canManage
            ? [
                { key: 'edit', icon: <EditOutlined aria-hidden="true" />, label: tWidgets('card.edit') },
                {
                  key: 'remove',
                  danger: true,
                  icon: <DeleteOutlined aria-hidden="true" />,
                  label: t('widget.remove'),
                },
              ]
            : []),
        ],
        onClick: ({ key }) => {
          if (key === 'responses') void navigate(lineageHref(widgetId, widget.config, filter));
          if (key.startsWith('bar:'))
            void navigate(
              lineageHref(widgetId, widget.config, filter, { group: Number(key.slice('bar:'.length)) }),
            );
          if (key.startsWith('point:'))
            void navigate(
              lineageHref(widgetId, widget.config, filter, { point: key.slice('point:'.length) }),
            );
          if (key.startsWith('region:'))
            void navigate(
              lineageHref(widgetId, widget.config, filter, { location: Number(key.slice('region:'.length)) }),
            );
          if (key.startsWith('segment:'))
            void navigate(
              lineageHref(widgetId, widget.config, filter, { segment: Number(key.slice('segment:'.length)) }),
            );
          if (key.startsWith('cell:')) {
            const cell = lineageCells(data.data).find(
              (each) => key === `cell:${each.WeekOfDay}:${each.PartOfDay}`,
            );
            if (cell) void navigate(lineageHref(widgetId, widget.config, filter, { cell }));
          }
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
