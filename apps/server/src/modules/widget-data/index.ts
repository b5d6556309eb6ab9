/**
 * The widget data module's public entry for other modules: the answers table as a file (the FTP export), and the
 * widget query with its WHERE clause on the replica (the home overview's answer count), and the survey titles of
 * comments (topic discovery).
 */
export { answersFile, type AnswersFile } from './table/answers-file.js';
export { loadWidgetQuery, whereOf } from './shared/widget-query.js';
/** Times at the caller's TimezoneOffset (the responses analyzer). */
export { atCallerOffset, callerOffset } from './shared/caller-time.js';
// The satisfaction profiler and the driver simulation (modules/insight-profiler) compute with the widgets' own
// score and impact maths: the score histogram and its measure, the trend buckets, and the topic impacts.
export { measureOf, pooledMeasure, scoreHistogramGroups, timePrefix } from './shared/score-histogram.js';
export { BUCKET_KEYS, bucketLabel } from './trend/trend-widgets.js';
export { impactOptions, rankedImpacts, topicMentions, type NpsTally } from './impact/impact-widgets.js';
export { assertAiModule } from './shared/ai-module-guard.js';
export { surveyTitles } from './text-analytics/ta-comments.js';
