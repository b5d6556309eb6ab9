import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** The confirmation's words, already translated in the caller's namespace. */
export type UnsavedChangesTexts = { title: string; description: string; leave: string; stay: string };

/**
 * Asks before leaving a form with unsaved changes: a confirmation for navigation inside the console, the
 * browser's own prompt for a reload or a closed tab. `release()` lets the next navigation through (after a save).
 */
export function useUnsavedChanges(
  dirty: boolean,
  { title, description, leave, stay }: UnsavedChangesTexts,
): { release: () => void } {
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title,
      content: description,
      okText: leave,
      cancelText: stay,
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, title, description, leave, stay]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const release = useCallback(() => {
    dirtyRef.current = false;
  }, []);
  return { release };
}
