/**
 * The widget data module's public entry for other modules: the answers table as a file (the FTP export), and the
 * widget query with its WHERE clause on the replica (the home overview's answer count), and the survey titles of
 * comments (topic discovery).
 */
export { answersFile, type AnswersFile } from './table/answers-file.js';
export { loadWidgetQuery, whereOf } from './shared/widget-query.js';
export { surveyTitles } from './text-analytics/ta-comments.js';
