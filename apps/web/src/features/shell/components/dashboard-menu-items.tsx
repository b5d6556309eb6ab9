import { EditOutlined, FileOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MENU_GROUP_NAME_MAX, type ReportListItem } from '@loupe/contracts';
import { Badge, Button, ConfigProvider, Input, Tooltip } from 'antd';
import { useContext, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupNameProblem } from '../dashboard-groups';
import styles from './dashboard-menu.module.css';

/** Shell spec §9: the drag animation. */
export const DRAG_ANIMATION_MS = 200;

/** How a menu entry shows: where it links (undefined while its page is not built), selected, "new". */
export type MenuLinkProps = {
  title: string;
  href: string | undefined;
  selected: boolean;
  isNew: boolean;
  icon?: ReactNode;
  onNavigate?: (() => void) | undefined;
};

/** How a report shows in the menu. */
export type ReportLinkProps = Omit<MenuLinkProps, 'title' | 'icon'> & { report: ReportListItem };

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

function EntryLabel({ title, isNew, icon }: { title: string; isNew: boolean; icon?: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <>
      {icon ?? <FileOutlined aria-hidden="true" />}
      <span className={styles.title}>{title}</span>
      {isNew && <Badge className={styles.badge} count={t('menu.new')} color="#16a34a" size="small" />}
    </>
  );
}

function EntryAnchor({ title, href, selected, isNew, icon, onNavigate }: MenuLinkProps) {
  const { t } = useTranslation('shell');
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const label = <EntryLabel title={title} isNew={isNew} icon={icon} />;
  if (href === undefined) {
    return (
      <Tooltip title={t('menu.notBuilt')} placement={direction === 'rtl' ? 'left' : 'right'}>
        <span className={cx(styles.link, styles.disabled)} aria-disabled="true" tabIndex={0}>
          {label}
        </span>
      </Tooltip>
    );
  }
  return (
    <Link to={href} className={styles.link} aria-current={selected ? 'page' : undefined} onClick={onNavigate}>
      {label}
    </Link>
  );
}

/** An entry of the plain (not draggable) menu. */
export function MenuLinkItem(props: MenuLinkProps) {
  return (
    <li className={cx(styles.item, props.selected && styles.selected)}>
      <EntryAnchor {...props} />
    </li>
  );
}

/** A report that report:manage holders move by its handle, with the pointer or the keyboard. */
export function SortableReportItem(props: ReportLinkProps) {
  const { t } = useTranslation('shell');
  const { report, ...link } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: report.Id,
      transition: { duration: DRAG_ANIMATION_MS, easing: 'ease' },
      attributes: { roleDescription: t('menu.dashboard.roleDescription') },
    });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx(styles.item, link.selected && styles.selected, isDragging && styles.placeholder)}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        aria-label={t('menu.dashboard.dragHandle', { title: report.Title })}
        data-report-handle={report.Id}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined aria-hidden="true" />
      </button>
      <EntryAnchor title={report.Title} {...link} />
    </li>
  );
}

/** The copy of the dragged report that follows the pointer. */
export function ReportDragOverlay({ report, isNew }: { report: ReportListItem; isNew: boolean }) {
  return (
    <div className={cx(styles.item, styles.overlay)}>
      <span className={styles.handle}>
        <HolderOutlined aria-hidden="true" />
      </span>
      <span className={styles.link}>
        <EntryLabel title={report.Title} isNew={isNew} />
      </span>
    </div>
  );
}

/**
 * A menu group's name; with `onRename`, an edit button turns it into a field (at most 30 characters, with a
 * counter): Enter saves, Escape or leaving the field cancels. `onRename` answers why a name is refused, or
 * null once it is taken.
 */
export function GroupHeader({
  id,
  label,
  onRename,
}: {
  id: string;
  label: string;
  onRename?: ((name: string) => GroupNameProblem | null) | undefined;
}) {
  const { t } = useTranslation('shell');
  const errorId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState<string | null>(null);
  const [problem, setProblem] = useState<GroupNameProblem | null>(null);

  const stop = (refocus: boolean) => {
    setValue(null);
    setProblem(null);
    if (refocus) requestAnimationFrame(() => editButton.current?.focus());
  };

  if (onRename && value !== null) {
    return (
      <div className={styles.groupHeader}>
        <div className={styles.groupEdit}>
          <Input
            size="small"
            autoFocus
            value={value}
            maxLength={MENU_GROUP_NAME_MAX}
            showCount
            aria-label={t('menu.dashboard.groupName')}
            status={problem ? 'error' : ''}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                const refused = onRename(value);
                if (refused) setProblem(refused);
                else stop(true);
              } else if (event.key === 'Escape') {
                // Escape ends the edit only, not the drawer around the menu.
                event.stopPropagation();
                stop(true);
              }
            }}
            onBlur={() => stop(false)}
          />
          {problem && (
            <div id={errorId} role="alert" className={styles.nameError}>
              {t(`menu.dashboard.nameProblem.${problem}`, { max: MENU_GROUP_NAME_MAX })}
            </div>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.groupHeader}>
      <span id={id} className={styles.groupName} title={label}>
        {label}
      </span>
      {onRename && (
        <Button
          ref={editButton}
          type="text"
          size="small"
          icon={<EditOutlined aria-hidden="true" />}
          aria-label={t('menu.dashboard.rename', { name: label })}
          onClick={() => setValue(label)}
        />
      )}
    </div>
  );
}
