import { hasAnyScope, type WidgetDataFilters, type WidgetKind } from '@loupe/contracts';
import { topicModelOf } from './bubble-drill';

/*
 * The go-to-topic-discovery button of a widget card's header (reports spec §2 "widget card", §6 topicDiscovery;
 * docs/widgets-text-analytics.md): who sees it and where it goes. Pure, so the rules are unit-tested;
 * topic-discovery-button.tsx draws it.
 */

/** The widget kinds that offer the button: the topics bubble chart and the top-phrases chart. */
const TOPIC_DISCOVERY_KINDS: readonly WidgetKind[] = [
  'TextAnalyticsBubbleChart2',
  'ExperiencePerformanceChart',
];

/** Whether a widget of `kind` shows the button: to topicDiscovery holders, while the AI module is active. */
export function showsTopicDiscovery({
  kind,
  scopes,
  aiModuleActive,
}: {
  kind: WidgetKind | undefined;
  scopes: readonly string[];
  aiModuleActive: boolean;
}): boolean {
  return (
    kind !== undefined &&
    TOPIC_DISCOVERY_KINDS.includes(kind) &&
    aiModuleActive &&
    hasAnyScope(scopes, ['topicDiscovery'])
  );
}

/** `/topic-discovery?topicModelId=…` for the widget's topic model, or the screen alone without one. */
export function topicDiscoveryPath(dataFilters: WidgetDataFilters): string {
  const model = topicModelOf(dataFilters);
  return model === null ? '/topic-discovery' : `/topic-discovery?topicModelId=${model}`;
}
