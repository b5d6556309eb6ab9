import {
  CLOSERS,
  OPENERS,
  TOPICS,
  type EmotionKey,
  type Phrase,
  type TopicKey,
} from './comment-phrases.data.js';

/*
 * The rules of the demo's topic and emotion models (issue 21 item 8, docs/ai-topic-models.md § Demo): seed words
 * chosen by hand for each topic in Turkish and English, and as exact matches the generator's own sentences about
 * the topic (comment-phrases.data.ts), so that scoring a demo comment by the model finds the topics the generator
 * wrote about. A main topic also takes its sub-topics' words and sentences, since the generator labels a
 * sub-topic's comment with its main topic too. `npm run bench:topics` measures how well they reproduce the labels.
 */

type Language = 'tr' | 'en';

/** Seed words (or short phrases) per topic: distinctive words of the topic's sentences in the phrase bank. */
const SEEDS: Record<TopicKey, Record<Language, readonly string[]>> = {
  waiting: { tr: ['bekleme süresi', 'zaman kaybı'], en: ['waiting time', 'takes so long'] },
  'waiting.queue': { tr: ['sıra', 'kuyruk'], en: ['queue', 'queuing'] },
  'waiting.callCentre': { tr: ['çağrı merkezi'], en: ['call centre'] },
  staff: { tr: ['personel tutumu', 'kaba', 'ilgisiz'], en: ['staff attitude', 'rude', 'indifferent'] },
  'staff.friendliness': { tr: ['güler yüz', 'nazik', 'selam'], en: ['friendly', 'friendliness', 'polite'] },
  'staff.expertise': { tr: ['uzmanlık', 'bilgi'], en: ['expertise', 'explained'] },
  fees: { tr: ['ücretler'], en: ['fees'] },
  'fees.account': { tr: ['işletim ücreti'], en: ['maintenance fee'] },
  'fees.transfer': { tr: ['havale', 'eft'], en: ['transfer fees'] },
  digital: { tr: ['dijital kanal'], en: ['digital channels'] },
  'digital.mobile': { tr: ['mobil uygulama'], en: ['app keeps', 'the app'] },
  'digital.internet': { tr: ['internet şubesi'], en: ['internet banking'] },
  atm: { tr: ['atm'], en: ['atm'] },
  environment: { tr: ['klima', 'kalabalık'], en: ['air conditioning', 'crowded'] },
  loan: { tr: ['kredi süreci', 'belge'], en: ['loan process', 'documents'] },
  'loan.interest': { tr: ['faiz'], en: ['interest rate'] },
  'loan.approval': { tr: ['onay', 'başvuru'], en: ['approval', 'application'] },
  card: { tr: ['kart kampanya'], en: ['card campaigns'] },
  'card.limit': { tr: ['limit'], en: ['limit'] },
  'card.delivery': { tr: ['kurye', 'teslim'], en: ['courier', 'delivered', 'arrived'] },
};

/** Emotion seed words (English; the demo's emotion model is English). */
const EMOTION_SEEDS: Record<EmotionKey, readonly string[]> = {
  joy: ['great', 'happy', 'pleased'],
  trust: ['recommend', 'helpful', 'transparent'],
  anger: ['angry', 'unacceptable', 'outrageous', 'rude'],
  sadness: ['disappointed', 'please look into'],
  fear: ['almost lost', 'swallowed', "didn't make"],
  surprise: ['amazed', 'instantly', 'much less time'],
};

/** A sentence as an exact match: its text without the closing full stop, so it still matches mid-comment. */
const exact = (text: string) => text.trim().replace(/[.!]$/, '');

const childrenOf = (key: TopicKey) => TOPICS.filter((topic) => topic.parent === key);

/** The seed words and exact matches of a demo topic in a language (its sub-topics' included for a main topic). */
export function demoTopicRules(
  key: TopicKey,
  language: Language,
): { positiveSeedWords: string[]; positiveExactMatches: string[] } {
  const own = TOPICS.find((topic) => topic.key === key)!;
  const covered = [own, ...childrenOf(key)];
  const index = language === 'tr' ? 0 : 1;
  const name = (topic: (typeof TOPICS)[number]) => topic[language];
  return {
    positiveSeedWords: [...new Set(covered.flatMap((topic) => SEEDS[topic.key][language]))],
    positiveExactMatches: [
      ...new Set(
        covered.flatMap((topic) => [
          ...[...topic.negative, ...topic.positive].map((phrase) => exact(phrase[index])),
          // The generator's plain mention ("Şube kuyruğu: her zamanki gibi.") and bare question ("Kredi faizi?").
          `${name(topic)}:`,
          `${name(topic)}?`,
        ]),
      ),
    ],
  };
}

/**
 * The English sentences that carry one emotion whatever comment they are in: a topic's complaint carries its
 * emotion (the sentence's own, else the topic's), an opener or closer its own or the one the generator gives it.
 */
export function demoEmotionRules(key: EmotionKey): {
  positiveSeedWords: string[];
  positiveExactMatches: string[];
} {
  const sentences: [Phrase, EmotionKey | undefined][] = [
    ...TOPICS.flatMap((topic) =>
      topic.negative.map((p): [Phrase, EmotionKey] => [p, p[2] ?? topic.negativeEmotion]),
    ),
    ...TOPICS.flatMap((topic) => topic.positive.map((p): [Phrase, EmotionKey | undefined] => [p, p[2]])),
    ...OPENERS.positive.map((p): [Phrase, EmotionKey] => [p, p[2] ?? 'joy']),
    ...CLOSERS.positive.map((p): [Phrase, EmotionKey] => [p, p[2] ?? 'trust']),
    ...[...OPENERS.negative, ...CLOSERS.negative].map((p): [Phrase, EmotionKey | undefined] => [p, p[2]]),
  ];
  return {
    positiveSeedWords: [...EMOTION_SEEDS[key]],
    positiveExactMatches: sentences
      .filter(([, emotion]) => emotion === key)
      .map(([phrase]) => exact(phrase[1])),
  };
}
