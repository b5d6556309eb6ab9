import { queryTermGroups, textTerms } from '../../analytics/text-terms.js';

/*
 * Which words of a comment show as its topics' words (docs/topic-insight.md "Highlighted words"). A topic has only
 * a name (no seed words are kept), and the analysis labels a comment with the topic but records no word positions.
 * So a word of the comment is a topic word when one of its search terms (its Snowball stem in the comment's
 * language, as the FreeTextFilter stores them) is one of the forms of a word of the topic's name (its Turkish stem,
 * English stem, or the lower-cased word, as a free-text query is read). "Şube kuyruğu" marks "şubede" and
 * "kuyrukta"; "Waiting time" marks "waited" and "time". Only the topics the comment is labelled with are looked for;
 * stop words never match. A word matching several topics is marked for the first of the comment's topics.
 */

// The words of text-terms.ts: letters, marks and digits, an apostrophe suffix kept with its word.
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;

export type Highlight = { Start: number; End: number; TopicId: number };

type NamedTopic = { id: number; name: string };

/** The forms each topic's name words take, memoised per topic name. */
const formsOfName = new Map<string, Set<string>>();
function nameForms(name: string): Set<string> {
  let forms = formsOfName.get(name);
  if (!forms) {
    forms = new Set(queryTermGroups(name).flat());
    if (formsOfName.size > 10_000) formsOfName.clear();
    formsOfName.set(name, forms);
  }
  return forms;
}

/** The spans of `text` (in UTF-16 offsets, [Start, End)) that are words of one of `topics`, in text order. */
export function topicHighlights(
  text: string,
  language: string | null,
  topics: readonly NamedTopic[],
): Highlight[] {
  if (topics.length === 0) return [];
  const named = topics.map((topic) => ({ id: topic.id, forms: nameForms(topic.name) }));
  const highlights: Highlight[] = [];
  for (const match of text.matchAll(WORD)) {
    const terms = textTerms(match[0], language);
    if (terms.length === 0) continue;
    const topic = named.find(({ forms }) => terms.some((term) => forms.has(term)));
    if (topic) highlights.push({ Start: match.index, End: match.index + match[0].length, TopicId: topic.id });
  }
  return highlights;
}
