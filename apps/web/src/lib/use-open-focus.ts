import { useEffect, useRef } from 'react';

type Focusable = { focus: () => void };

/** Whether the element can be seen (a browser without checkVisibility, such as jsdom, says so when attached). */
function visible(element: HTMLElement): boolean {
  return typeof (element as Partial<HTMLElement>).checkVisibility === 'function'
    ? element.checkVisibility()
    : element.isConnected;
}

/** The DOM element behind a ref: an antd Input's `input`, or the element itself. */
function elementOf(target: Focusable): HTMLElement | null {
  if (target instanceof HTMLElement) return target;
  const input = (target as { input?: HTMLElement | null }).input;
  return input ?? null;
}

/**
 * Focus a dialog's first field once the dialog shows it, instead of React's `autoFocus`. With motion off (the user
 * asked for reduced motion) antd mounts a dialog's content before its wrapper is displayed, so `autoFocus` finds
 * the field hidden and the dialog's focus lock then takes the close button; this waits, a frame at a time, until
 * the field can be seen, then focuses it (at most about half a second). `active`: for a dialog that stays mounted
 * while closed, its open state, so each opening focuses again.
 */
export function useOpenFocus<T extends Focusable>(active = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    let tries = 30;
    const attempt = () => {
      const target = ref.current;
      const element = target ? elementOf(target) : null;
      if (target && element && visible(element)) {
        if (document.activeElement !== element) target.focus();
        return;
      }
      if (--tries > 0) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [active]);
  return ref;
}
