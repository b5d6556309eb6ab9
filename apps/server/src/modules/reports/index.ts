/** What other modules may use of this module (docs/architecture.md, "Server layers"); the rest is its own. */
export { loadDataRestrictions, scopedReportFilter } from './report-data-scope.js';
export { reportVisibleTo } from './report-visibility.js';
