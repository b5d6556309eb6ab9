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
  type LineagePart,
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

type PartKind = keyof typeof PART_TEXTS;

/** The kind of part a widget's "Show responses" menu lists: the first that its config offers. */
const PART_OFFERS: readonly [PartKind, (config: PlacedWidget['config']) => boolean][] = [
  ['bar', offersBarResponses],
  ['point', offersPointResponses],
  ['region', offersRegionResponses],
  ['segment', offersSegmentResponses],
  ['cell', offersCellResponses],
];

/** One entry of the parts menu: its label with the part's response count, and where it leads. */
type MenuPart = { key: string; label: string; target: LineagePart };

/** The parts of the widget's data, as menu entries. */
function useMenuParts(kind: PartKind | undefined, data: unknown): MenuPart[] {
  const { t } = useTranslation('widgets');
  const labelOf = useBucketLabel();
  const cellLabel = useCellLabel();
  switch (kind) {
    case 'bar':
      return lineageBars(data).map(({ id, name, responses }) => ({
        key: `bar:${id}`,
        label: t('card.barLabel', { name, responses }),
        target: { group: id },
      }));
    case 'point':
      return lineagePoints(data).map(({ category, responses }) => ({
        key: `point:${category}`,
        label: t('card.pointLabel', { name: labelOf(category), responses }),
        target: { point: category },
      }));
    case 'region':
      return lineageRegions(data).map(({ id, name, responses }) => ({
        key: `region:${id}`,
        label: t('card.regionLabel', { name, responses }),
        target: { location: id },
      }));
    case 'segment':
      return lineageSegments(data).map(({ id, name, responses }) => ({
        key: `segment:${id}`,
        label: t('card.segmentLabel', { name, responses }),
        target: { segment: id },
      }));
    case 'cell':
      return lineageCells(data).map((cell) => ({
        key: `cell:${cell.WeekOfDay}:${cell.PartOfDay}`,
        label: t('card.cellLabel', { name: cellLabel(cell), responses: cell.responses }),
        target: { cell },
      }));
    case undefined:
      return [];
  }
}

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
  // days-of-week chart its cells: the widget's own data (the same query, so no second call once it is drawn), asked
  // for only while the menu is open.
  const [open, setOpen] = useState(false);
  const partKind = showResponses ? PART_OFFERS.find(([, offers]) => offers(widget.config))?.[0] : undefined;
  const data = useWidgetData({
    widget,
    kind: kind ?? 'Card',
    request,
    enabled: open && partKind !== undefined,
  });
  const parts = useMenuParts(partKind, data.data);
  const texts = PART_TEXTS[partKind ?? 'bar'];
  const emptyState = tWidgets(data.isFetching ? texts.loading : texts.none);
  const partItems: { key: string; label: string; disabled?: boolean }[] =
    parts.length > 0
      ? parts.map(({ key, label }) => ({ key, label }))
      : [{ key: 'parts-state', disabled: true, label: emptyState }];

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
        // The parts submenu is in the page (hidden) as soon as the menu is: a keyboard user's ArrowRight then
        // finds its first entry to focus even when the machine is slow to draw the popup (rc-menu looks for it a
        // few frames after the key, once).
        forceSubMenuRender: true,
        items: [
          ...(showResponses
            ? [
                partKind
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
          const part = parts.find((each) => each.key === key);
          if (part) void navigate(lineageHref(widgetId, widget.config, filter, part.target));
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
