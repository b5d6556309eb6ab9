import { describe, expect, it } from 'vitest';
import { showsTopicDiscovery, topicDiscoveryPath } from './bubble-topic-discovery';

describe('go-to-topic-discovery button (reports spec §2, §6)', () => {
  it('shows on the bubble and top-phrase charts to topicDiscovery holders with the AI module on', () => {
    const base = { scopes: ['report:read', 'topicDiscovery'], aiModuleActive: true };
    expect(showsTopicDiscovery({ ...base, kind: 'TextAnalyticsBubbleChart2' })).toBe(true);
    expect(showsTopicDiscovery({ ...base, kind: 'ExperiencePerformanceChart' })).toBe(true);
    expect(showsTopicDiscovery({ ...base, kind: 'CommentsHighlightChart' })).toBe(false);
    expect(showsTopicDiscovery({ ...base, kind: undefined })).toBe(false);
    expect(showsTopicDiscovery({ ...base, kind: 'TextAnalyticsBubbleChart2', scopes: ['report:read'] })).toBe(
      false,
    );
    expect(showsTopicDiscovery({ ...base, kind: 'TextAnalyticsBubbleChart2', aiModuleActive: false })).toBe(
      false,
    );
  });

  it("opens topic discovery on the widget's topic model", () => {
    expect(topicDiscoveryPath({ TopicModelId: 3 })).toBe('/topic-discovery?topicModelId=3');
    expect(topicDiscoveryPath({})).toBe('/topic-discovery');
  });
});
