import { GRID_COLUMN_MAX_WIDTH, GRID_COLUMN_MIN_WIDTH } from '@loupe/contracts';
import { ConfigProvider } from 'antd';
import { useContext, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { HeaderCellProps } from './grid-columns';
import { draggedWidth, GRID_RESIZE_STEP } from './grid-layout';
import styles from './data-grid.module.css';

/**
 * A header cell with a handle on its end edge: drag it, or focus it and use the arrow keys (Home/End for the
 * narrowest and widest), to resize the column within 100–300 px. The handle is a focusable ARIA separator
 * (the window-splitter pattern) so keyboard and screen-reader users can resize too.
 */
export function ResizableHeaderCell({ resize, className, children, ...cell }: HeaderCellProps) {
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  if (!resize) {
    return (
      <th className={className} {...cell}>
        {children}
      </th>
    );
  }

  const dir = direction === 'rtl' ? 'rtl' : 'ltr';

  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: resize.width };
  };
  const onPointerMove = (event: PointerEvent<HTMLSpanElement>) => {
    if (!drag.current) return;
    const { startX, startWidth } = drag.current;
    resize.onResize(draggedWidth({ startWidth, deltaX: event.clientX - startX, direction: dir }));
  };
  const endDrag = (event: PointerEvent<HTMLSpanElement>) => {
    if (!drag.current) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const step = { ArrowRight: GRID_RESIZE_STEP, ArrowLeft: -GRID_RESIZE_STEP }[event.key];
    let width: number | undefined;
    if (step !== undefined) width = draggedWidth({ startWidth: resize.width, deltaX: step, direction: dir });
    else if (event.key === 'Home') width = GRID_COLUMN_MIN_WIDTH;
    else if (event.key === 'End') width = GRID_COLUMN_MAX_WIDTH;
    else if (event.key === 'Enter' || event.key === ' ') event.stopPropagation(); // not the heading's sort
    if (width === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    resize.onResize(width);
  };

  return (
    <th className={className ? `${className} ${styles.resizable}` : styles.resizable} {...cell}>
      {children}
      <span
        role="separator"
        tabIndex={0}
        aria-orientation="vertical"
        aria-label={resize.label}
        aria-valuenow={resize.width}
        aria-valuemin={GRID_COLUMN_MIN_WIDTH}
        aria-valuemax={GRID_COLUMN_MAX_WIDTH}
        className={styles.resizeHandle}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        // A click on the handle must not sort the column.
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      />
    </th>
  );
}
