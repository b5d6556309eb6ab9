/*
 * Print mode: the server draws an email report's PDF in Chromium (docs/email-reports.md) and sets
 * sessionStorage `loupe.print` before the console starts. Charts are then drawn as SVG without animation, so the
 * PDF holds their figures as text (a canvas would be one picture) and prints them at their final values.
 */
const PRINT_KEY = 'loupe.print';

let printing: boolean | undefined;

export function isPrintMode(): boolean {
  if (printing === undefined) {
    try {
      printing = typeof sessionStorage !== 'undefined' && sessionStorage.getItem(PRINT_KEY) === '1';
    } catch {
      printing = false;
    }
  }
  return printing;
}
