import { describe, expect, it } from 'vitest';
import { bubbleCrumb, bubbleDrillFilter, bubbleDrillOf, sliceOf, topicModelOf } from './bubble-drill';
import {
  channelCrumb,
  crumbsWithRoot,
  drillDown,
  drillFromParams,
  drillUp,
  masterFilter,
  ownDrill,
  withDrillParam,
} from '@/widgets/shared/drill-crumbs';

const staff = { TopicId: 7, CategoryLabel: 'Personel', Category: '7' };
const waiting = { TopicId: 9, CategoryLabel: 'Bekleme süresi', Category: '9' };

describe('bubble drill-down (reports spec §4)', () => {
  it('filters the slaves by the topic of the model', () => {
    expect(bubbleCrumb({ row: staff, topicModelId: 3 })).toEqual({
      id: 7,
      label: 'Personel',
      filter: { UserDimensionFilters2: [{ TopicModelId: 3, TopicIds: [7] }] },
      leaf: true,
    });
    expect(bubbleDrillFilter({ topicId: 7, topicModelId: null, slice: null })).toEqual({
      UserDimensionFilters2: [{ TopicIds: [7] }],
    });
  });

  it('maps the slices to sentiment scores 4, 2, 0 and -1', () => {
    const scores = (['Positive', 'Neutral', 'Negative', 'Unclassified'] as const).map(
      (slice) => bubbleDrillFilter({ topicId: 7, topicModelId: 3, slice }).SentimentFilter,
    );
    expect(scores).toEqual([[4], [2], [0], [-1]]);
  });

  it('keeps one crumb: a slice or another topic replaces it, and All drops it', () => {
    let stored = drillDown([], bubbleCrumb({ row: staff, topicModelId: 3 }));
    expect(stored).toHaveLength(1);
    stored = drillDown(stored, bubbleCrumb({ row: staff, topicModelId: 3, slice: 'Negative' }));
    expect(stored).toEqual([
      {
        id: 7,
        label: 'Personel',
        filter: { UserDimensionFilters2: [{ TopicModelId: 3, TopicIds: [7] }], SentimentFilter: [0] },
        leaf: true,
      },
    ]);
    stored = drillDown(stored, bubbleCrumb({ row: waiting, topicModelId: 3 }));
    expect(stored.map((crumb) => crumb.label)).toEqual(['Bekleme süresi']);
    expect(drillUp(stored, 0)).toEqual([]);
  });

  it('narrows the slaves, not the chart itself', () => {
    const stored = [bubbleCrumb({ row: staff, topicModelId: 3, slice: 'Positive' })];
    expect(masterFilter({ 12: stored }, [12])).toEqual({
      UserDimensionFilters2: [{ TopicModelId: 3, TopicIds: [7] }],
      SentimentFilter: [4],
    });
    expect(ownDrill(stored)).toEqual({ filter: {}, dataFilters: {} });
  });

  it('adds up with a channel chart driving the same widget', () => {
    const channel = channelCrumb({ Category: 'Marmara', CategoryId: 5, Level: 2 }, { leaf: false })!;
    const state = { 4: [channel], 12: [bubbleCrumb({ row: staff, topicModelId: 3, slice: 'Neutral' })] };
    expect(masterFilter(state, [4, 12])).toEqual({
      ChannelSet: { Ids: [5] },
      UserDimensionFilters2: [{ TopicModelId: 3, TopicIds: [7] }],
      SentimentFilter: [2],
    });
  });

  it('survives the address (reload, back button, shared link)', () => {
    const state = { 12: [bubbleCrumb({ row: staff, topicModelId: 3, slice: 'Unclassified' })] };
    expect(drillFromParams(withDrillParam(new URLSearchParams(), state))).toEqual(state);
  });

  it('reads where the chart is from its crumbs', () => {
    expect(bubbleDrillOf(crumbsWithRoot([], 'Tümü'))).toBeNull();
    const crumbs = crumbsWithRoot([bubbleCrumb({ row: staff, topicModelId: 3, slice: 'Negative' })], 'Tümü');
    expect(bubbleDrillOf(crumbs)).toEqual({ topicId: 7, slice: 'Negative' });
    expect(sliceOf({ SentimentFilter: [4, 2] })).toBeNull();
    expect(sliceOf({})).toBeNull();
  });

  it("reads the widget's topic model from its dataFilters", () => {
    expect(topicModelOf({ TopicModelId: 3 })).toBe(3);
    expect(topicModelOf({ TopicModelId: '4' })).toBe(4);
    expect(topicModelOf({ TopicModelIds: [9, 2] })).toBe(9);
    expect(topicModelOf({ TopicModelId: 0 })).toBeNull();
    expect(topicModelOf({})).toBeNull();
  });
});
