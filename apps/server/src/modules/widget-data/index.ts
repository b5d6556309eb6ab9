/**
 * The widget data module's public entry for other modules: the answers table as a file (the FTP export), and the
 * widget query with its WHERE clause on the replica (the home overview's answer count), and the survey titles of
 * comments (topic discovery).
 */
export { answersFile, type AnswersFile } from './table/answers-file.js';
export { loadWidgetQuery, whereOf } from './shared/widget-query.js';
/** The facts a single-figure score widget counts (the responses analyzer's lineage). */
export { measuredWhere } from './shared/widget-query.js';
/** The facts of one bar of a performance chart (the responses analyzer's lineage of a bar). */
export { performanceBarFacts, type PerformanceEndpoint } from './performance/performance-widgets.js';
/** The facts of one point of a trend (the responses analyzer's lineage of a point). */
export { trendPointFacts } from './trend/trend-widgets.js';
/** The facts of one region of a map (the responses analyzer's lineage of a region). */
export { mapRegionFacts } from './map/map-widget.js';
/** The facts of one cell of the days-of-week chart (the responses analyzer's lineage of a cell). */
export { daysOfWeekCellFacts } from './trend/days-of-week-widget.js';
/** The facts of one segment of the per-segment gauge (the responses analyzer's lineage of a segment). */
export { segmentFacts } from './score/score-widgets.js';
/** Times at the caller's TimezoneOffset (the responses analyzer). */
export { atCallerOffset, callerOffset } from './shared/caller-time.js';
// The satisfaction profiler and the driver simulation (modules/insight-profiler) compute with the widgets' own
// score and impact maths: the score histogram and its measure, the trend buckets, and the topic impacts.
export {
  foldScoreHistogram,
  measureOf,
  pooledMeasure,
  scoreHistogram,
  scoreHistogramGroups,
  timePrefix,
} from './shared/score-histogram.js';
export { BUCKET_KEYS, bucketLabel } from './trend/trend-widgets.js';
export { impactOptions, rankedImpacts, topicMentions, type NpsTally } from './impact/impact-widgets.js';
export { assertAiModule } from './shared/ai-module-guard.js';
export { surveyTitles } from './text-analytics/ta-comments.js';
