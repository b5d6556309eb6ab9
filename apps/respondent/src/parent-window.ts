import { SURVEY_FINISHED_MESSAGE } from '@loupe/contracts';

/** Whether the page runs in a frame (the console's feedback dialog) rather than as a page of its own. */
export const isFramed = () => window.parent !== window;

/**
 * Tells the console's feedback dialog that the survey is finished, so it hides its button. The message goes only
 * to a parent of this page's own origin (the console serves both): any other parent receives nothing.
 */
export function notifyFinished(guid: string): void {
  if (!isFramed()) return;
  window.parent.postMessage({ type: SURVEY_FINISHED_MESSAGE, guid }, window.location.origin);
}
