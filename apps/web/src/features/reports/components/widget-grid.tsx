import {
  closestCenter,
  DndContext,
  pointerWithin,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  rectSwappingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  type SortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReportDetail } from '@loupe/contracts';
import { HolderOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useSaveWidgetOrder } from '../api/report-widgets';
import { PDF_IGNORE_ATTRIBUTE } from '@/widgets/shared/pdf-ignore';
import { displayTitle } from '@/lib/display-title';
import {
  columnSpan,
  moveKind,
  moveWidget,
  placeWidgets,
  positionUpdates,
  type PlacedWidget,
} from '@/widgets/shared/widget-layout';
import styles from './report-page.module.css';
import { WidgetCard } from './widget-card';

const pdfIgnore = { [PDF_IGNORE_ATTRIBUTE]: '' };

/**
 * The widget under the pointer is the target (cards differ in width, so the dragged card's centre says little);
 * with the keyboard, which has no pointer, the nearest card.
 */
const underPointerOrClosest: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : closestCenter(args);
};

/** Reports spec §9: the drag animation. */
const DRAG_ANIMATION = { duration: 200, easing: 'ease' };

/**
 * The report's widgets on a 12-column grid, 2 columns per width unit (reports spec §2). Users with
 * report:manage drag a widget by its handle (or with the keyboard: space, arrows, space) onto another: equal
 * widths trade places, others move in. The new order shows at once and is saved; if the save fails the old
 * order comes back with a failure notice.
 */
export function WidgetGrid({ report, canManage }: { report: ReportDetail; canManage: boolean }) {
  const { t } = useTranslation('reports');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const saveOrder = useSaveWidgetOrder();
  const saved = useMemo(() => placeWidgets(report.ReportWidgets), [report.ReportWidgets]);
  // The order just dropped, shown until its save has settled (the cached report then holds the truth).
  const [dropped, setDropped] = useState<readonly PlacedWidget[] | null>(null);
  const widgets = dropped ?? saved;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (widget: PlacedWidget) =>
    widget.title === undefined
      ? t('widget.untitled', { id: widget.id })
      : displayTitle(widget.title, (key) => t(key as 'widget.untitled', { defaultValue: key }));
  const nameOf = (id: UniqueIdentifier) => {
    const widget = widgets.find((item) => item.id === id);
    return widget ? titleOf(widget) : String(id);
  };
  const placeOf = (id: UniqueIdentifier) => widgets.findIndex((item) => item.id === id) + 1;

  // The preview matches what the drop will do: a swap for equal widths, a move otherwise.
  const strategy: SortingStrategy = (args) => {
    const active = widgets[args.activeIndex];
    const over = widgets[args.overIndex];
    return active && over && active.width === over.width
      ? rectSwappingStrategy(args)
      : rectSortingStrategy(args);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('grid.announce.picked', { title: nameOf(active.id), place: placeOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? t('grid.announce.picked', { title: nameOf(active.id), place: placeOf(active.id) })
        : over
          ? t('grid.announce.over', {
              title: nameOf(active.id),
              target: nameOf(over.id),
              place: placeOf(over.id),
            })
          : t('grid.announce.outside', { title: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('grid.announce.dropped', { title: nameOf(active.id), place: placeOf(over.id) })
        : t('grid.announce.cancelled', { title: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('grid.announce.cancelled', { title: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || saveOrder.isPending) return;
    const activeId = Number(active.id);
    const overId = Number(over.id);
    const next = moveWidget(widgets, { activeId, overId, kind: moveKind(widgets, activeId, overId) });
    const updates = positionUpdates(next);
    if (updates.length === 0) return;
    setDropped(next);
    saveOrder.mutate(
      { report, updates },
      {
        onError: (error) => void message.error(`${t('grid.orderFailed')} ${errorMessage(error, tCommon)}`),
        onSettled: () => setDropped(null),
      },
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={underPointerOrClosest}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('grid.instructions') } }}
    >
      <SortableContext items={widgets.map((widget) => widget.id)} strategy={strategy} disabled={!canManage}>
        <ol className={styles.grid} aria-label={t('grid.label')}>
          {widgets.map((widget) => (
            <SortableWidget key={widget.id} widget={widget} title={titleOf(widget)} canManage={canManage} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableWidget({
  widget,
  title,
  canManage,
}: {
  widget: PlacedWidget;
  title: string;
  canManage: boolean;
}) {
  const { t } = useTranslation('reports');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: widget.id, disabled: !canManage, transition: DRAG_ANIMATION });
  const style = {
    '--widget-span': columnSpan(widget.width),
    // Translate only: a scale would stretch a card over a target of another width.
    transform: CSS.Translate.toString(transform),
    transition,
  } as CSSProperties;

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={isDragging ? `${styles.gridItem} ${styles.dragging}` : styles.gridItem}
    >
      <WidgetCard
        widget={widget}
        title={title}
        canManage={canManage}
        dragHandle={
          canManage ? (
            <Button
              ref={setActivatorNodeRef}
              type="text"
              size="small"
              className={styles.dragHandle}
              icon={<HolderOutlined aria-hidden="true" />}
              {...attributes}
              {...listeners}
              aria-label={t('widget.dragHandle', { title })}
              {...pdfIgnore}
            />
          ) : undefined
        }
      />
    </li>
  );
}
