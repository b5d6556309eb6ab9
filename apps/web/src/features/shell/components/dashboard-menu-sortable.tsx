import {
  closestCenter,
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReportListItem } from '@loupe/contracts';
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  groupOfReport,
  layoutOf,
  moveReport,
  placeWhenOver,
  type GroupLayout,
  type ReportGroup,
} from '../dashboard-groups';
import {
  DRAG_ANIMATION_MS,
  ReportDragOverlay,
  SortableReportItem,
  type ReportLinkProps,
} from './dashboard-menu-items';
import styles from './dashboard-menu.module.css';

// Groups are drop targets too (an empty one has nothing else to drop on); their ids are strings, reports' numbers.
const GROUP_PREFIX = 'group:';
const groupDropId = (name: string) => `${GROUP_PREFIX}${name}`;
const groupOfDropId = (id: UniqueIdentifier) =>
  typeof id === 'string' && id.startsWith(GROUP_PREFIX) ? id.slice(GROUP_PREFIX.length) : undefined;

/** Where the dragged report would go when over `overId`: a report's place, or the end of a group. */
function dropPlace(layout: GroupLayout, overId: UniqueIdentifier, below: boolean) {
  const groupName = groupOfDropId(overId);
  if (groupName !== undefined) {
    const group = layout.find((candidate) => candidate.name === groupName);
    return group && { group: group.name, index: group.reportIds.length };
  }
  const group = layout.find((candidate) => candidate.reportIds.includes(Number(overId)));
  return group && { group: group.name, index: group.reportIds.indexOf(Number(overId)) + (below ? 1 : 0) };
}

function GroupList({ name, ids, children }: { name: string; ids: number[]; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { setNodeRef, isOver } = useDroppable({ id: groupDropId(name) });
  return (
    <SortableContext id={groupDropId(name)} items={ids} strategy={verticalListSortingStrategy}>
      <ul ref={setNodeRef} className={styles.list}>
        {children}
        {ids.length === 0 && (
          <li className={isOver ? `${styles.emptyGroup} ${styles.emptyGroupOver}` : styles.emptyGroup}>
            {t('menu.dashboard.emptyGroup')}
          </li>
        )}
      </ul>
    </SortableContext>
  );
}

/**
 * The menu groups for report:manage holders: reports are dragged by their handle to another place in their
 * group or into another group (an empty one included). While dragging, the groups are a draft; on the drop
 * `onDrop` receives the new layout.
 */
export function SortableGroups({
  groups,
  reports,
  linkProps,
  groupLabel,
  header,
  onDrop,
}: {
  groups: readonly ReportGroup[];
  reports: readonly ReportListItem[];
  linkProps: (report: ReportListItem) => Omit<ReportLinkProps, 'report'>;
  /** The group's name as shown (the default group's is translated). */
  groupLabel: (name: string) => string;
  header: (group: ReportGroup, headerId: string) => ReactNode;
  onDrop: (layout: GroupLayout) => void;
}) {
  const { t } = useTranslation('shell');
  const idPrefix = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<GroupLayout | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const layout = useMemo(() => draft ?? layoutOf(groups), [draft, groups]);
  const byId = useMemo(() => new Map(reports.map((report) => [report.Id, report])), [reports]);
  const groupByName = useMemo(() => new Map(groups.map((group) => [group.name, group])), [groups]);
  const sensors = useSensors(
    // A few pixels of movement first, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Over a group, the nearest of its reports; over nothing, the nearest target.
  const collisionDetection = useCallback<CollisionDetection>(
    (args) => {
      const within = pointerWithin(args);
      const hits = within.length > 0 ? within : closestCorners(args);
      const groupName = hits[0] && groupOfDropId(hits[0].id);
      const ids = layout.find((group) => group.name === groupName)?.reportIds ?? [];
      if (groupName === undefined || ids.length === 0) return hits;
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((container) =>
          ids.includes(Number(container.id)),
        ),
      });
    },
    [layout],
  );

  // The place announced: where the report is shown while over `overId` (a report; a group's id counts as none).
  const place = useCallback(
    (id: UniqueIdentifier, overId?: UniqueIdentifier | null) => {
      const overReport = typeof overId === 'number' ? overId : undefined;
      const where = placeWhenOver(layout, Number(id), overReport);
      return {
        title: byId.get(Number(id))?.Title ?? '',
        group: where === undefined ? '' : groupLabel(where.group),
        position: where?.position ?? 0,
        count: where?.count ?? 0,
      };
    },
    [byId, groupLabel, layout],
  );

  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => t('menu.dashboard.announce.start', place(active.id)),
      onDragOver: ({ active, over }) => t('menu.dashboard.announce.over', place(active.id, over?.id)),
      onDragEnd: ({ active, over }) => t('menu.dashboard.announce.end', place(active.id, over?.id)),
      onDragCancel: ({ active }) => t('menu.dashboard.announce.cancel', place(active.id)),
    }),
    [place, t],
  );

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || !draft) return;
    const from = groupOfReport(draft, Number(active.id));
    const translated = active.rect.current.translated;
    const target = dropPlace(
      draft,
      over.id,
      !!translated && translated.top > over.rect.top + over.rect.height / 2,
    );
    // Within its group the sortable strategy shows the new place; the drop settles it.
    if (!target || target.group === from) return;
    setDraft(
      moveReport(draft, { reportId: Number(active.id), toGroup: target.group, toIndex: target.index }),
    );
  };

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    const current = draft ?? layout;
    const reportId = Number(active.id);
    let final = current;
    const from = groupOfReport(current, reportId);
    if (over && over.id !== active.id && groupOfDropId(over.id) === undefined) {
      const target = dropPlace(current, over.id, false);
      if (target && target.group === from) {
        final = moveReport(current, { reportId, toGroup: target.group, toIndex: target.index });
      }
    }
    setDraft(null);
    setActiveId(null);
    if (over) onDrop(final);
    // A report moved to another group is drawn anew there; the keyboard user keeps its handle.
    if (activatorEvent instanceof KeyboardEvent) {
      requestAnimationFrame(() =>
        listRef.current?.querySelector<HTMLElement>(`[data-report-handle="${reportId}"]`)?.focus(),
      );
    }
  };

  const active = activeId === null ? undefined : byId.get(activeId);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('menu.dashboard.dragInstructions') },
      }}
      onDragStart={({ active: started }) => {
        setActiveId(Number(started.id));
        setDraft(layoutOf(groups));
      }}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDraft(null);
        setActiveId(null);
      }}
    >
      <div ref={listRef}>
        {layout.map((entry, index) => {
          const group = groupByName.get(entry.name) ?? { name: entry.name, reports: [] };
          const headerId = `${idPrefix}-group-${index}`;
          return (
            <div key={entry.name} role="group" aria-labelledby={headerId} className={styles.group}>
              {header(group, headerId)}
              <GroupList name={entry.name} ids={[...entry.reportIds]}>
                {entry.reportIds.map((id) => {
                  const report = byId.get(id);
                  return report ? (
                    <SortableReportItem key={id} report={report} {...linkProps(report)} />
                  ) : null;
                })}
              </GroupList>
            </div>
          );
        })}
      </div>
      <DragOverlay dropAnimation={{ duration: DRAG_ANIMATION_MS, easing: 'ease' }}>
        {active ? <ReportDragOverlay report={active} isNew={linkProps(active).isNew} /> : null}
      </DragOverlay>
    </DndContext>
  );
}
