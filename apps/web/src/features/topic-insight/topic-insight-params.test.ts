import { describe, expect, it } from 'vitest';
import {
  discoveryPath,
  filterOfState,
  highlightParts,
  inTreeOrder,
  npsText,
  readDiscoveryParams,
} from './topic-insight-params';

describe('topic discovery address', () => {
  it('reads what the widgets’ button and the explorer send, and falls back on anything else', () => {
    const params = readDiscoveryParams(
      new URLSearchParams(
        'topicModelId=3&topicId=12&sentiment=negative&order=lowestScore&from=2026-01-01&to=2026-01-31',
      ),
    );
    expect(params).toEqual({
      topicModelId: 3,
      topicId: 12,
      sentiment: 'negative',
      order: 'lowestScore',
      range: ['2026-01-01', '2026-01-31'],
    });
    const bad = readDiscoveryParams(
      new URLSearchParams(
        'topicModelId=0&topicId=x&sentiment=angry&order=random&from=2026-02-01&to=2026-01-01',
      ),
    );
    expect([bad.topicModelId, bad.topicId, bad.sentiment, bad.order]).toEqual([null, null, 'all', 'newest']);
    expect(bad.range[0] < bad.range[1]).toBe(true);
    expect(readDiscoveryParams(new URLSearchParams('topicModelId=99999999999')).topicModelId).toBeNull();
  });

  it('writes the path back, leaving the defaults out', () => {
    expect(discoveryPath({ topicModelId: 3 })).toBe('/topic-discovery?topicModelId=3');
    expect(
      discoveryPath({
        topicModelId: 3,
        topicId: 12,
        sentiment: 'all',
        order: 'newest',
        range: ['2026-01-01', '2026-01-31'],
      }),
    ).toBe('/topic-discovery?topicModelId=3&topicId=12&from=2026-01-01&to=2026-01-31');
    expect(discoveryPath({})).toBe('/topic-discovery');
  });

  it('takes a report filter from the router state only when it is an object', () => {
    expect(filterOfState({ filter: { SurveyId: [1] } })).toEqual({ SurveyId: [1] });
    expect(filterOfState({ filter: [1] })).toEqual({});
    expect(filterOfState(null)).toEqual({});
  });
});

describe('highlightParts', () => {
  it('cuts the text at the highlights and ignores spans out of place', () => {
    const text = 'Kuyrukta çok bekledim, şube kalabalıktı';
    expect(
      highlightParts({
        Text: text,
        Highlights: [
          { Start: 23, End: 27, TopicId: 2 },
          { Start: 0, End: 8, TopicId: 1 },
          { Start: 5, End: 9, TopicId: 3 },
          { Start: 30, End: 99, TopicId: 4 },
        ],
      }),
    ).toEqual([
      { text: 'Kuyrukta', topicId: 1 },
      { text: ' çok bekledim, ', topicId: null },
      { text: 'şube', topicId: 2 },
      { text: ' kalabalıktı', topicId: null },
    ]);
  });

  it('shows NPS with one decimal in the language', () => {
    expect([npsText(200 / 3, 'en'), npsText(-25, 'en'), npsText(null, 'en'), npsText(31.94, 'tr')]).toEqual([
      '66.7',
      '-25.0',
      '–',
      '31,9',
    ]);
  });
});

describe('inTreeOrder', () => {
  it('puts each main topic before its sub-topics, keeping the answer order', () => {
    const topics = [
      { Id: 3, ParentId: null },
      { Id: 2, ParentId: 1 },
      { Id: 1, ParentId: null },
      { Id: 4, ParentId: 3 },
      { Id: 6, ParentId: 5 },
    ];
    expect(inTreeOrder(topics).map((topic) => topic.Id)).toEqual([3, 4, 1, 2, 6]);
  });
});
