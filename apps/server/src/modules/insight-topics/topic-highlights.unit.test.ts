import { describe, expect, it } from 'vitest';
import { topicHighlights } from './topic-highlights.js';

describe('topicHighlights', () => {
  it('marks the words whose stem is a word of the topic name, in the comment language', () => {
    const text = 'Şubede sıra beklemekten yoruldum, kuyrukta çok bekledim';
    const spans = topicHighlights(text, 'tr', [{ id: 7, name: 'Şube kuyruğu' }]);
    expect(spans.map((span) => text.slice(span.Start, span.End))).toEqual(['Şubede', 'kuyrukta']);
    expect(spans.every((span) => span.TopicId === 7)).toBe(true);
  });

  it('matches English inflections and gives a word to the first topic that names it', () => {
    const text = 'I waited a long time at the branch';
    const spans = topicHighlights(text, 'en', [
      { id: 1, name: 'Waiting time' },
      { id: 2, name: 'Branch time' },
    ]);
    expect(spans.map((span) => [text.slice(span.Start, span.End), span.TopicId])).toEqual([
      ['waited', 1],
      ['time', 1],
      ['branch', 2],
    ]);
  });

  it('marks nothing without topics, and never a stop word', () => {
    expect(topicHighlights('the staff', 'en', [])).toEqual([]);
    expect(topicHighlights('the staff and the fees', 'en', [{ id: 3, name: 'The fees' }])).toEqual([
      { Start: 18, End: 22, TopicId: 3 },
    ]);
  });
});
