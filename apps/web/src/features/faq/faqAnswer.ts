import { CONTACT_TOPICS, type ContactTopic } from '@fansite/contract';
import { topicLabels } from '../../lib/contactTopics.ts';

/** A piece of an answer: text, or a get-in-touch topic the answer mentions. */
export type FaqAnswerPart = string | { topic: ContactTopic; label: string };

// The brands' answers name a topic by its id, as the contact page's address does: `the topic "apply-member"`.
const TOPIC_MENTION = /the topic "([a-z-]+)"/g;

const isTopic = (value: string): value is ContactTopic =>
  (CONTACT_TOPICS as readonly string[]).includes(value);

/**
 * Splits an answer where it mentions a get-in-touch topic, so that the page can link the topic by
 * its name instead of showing its id.
 */
export function faqAnswerParts(answer: string): FaqAnswerPart[] {
  const parts: FaqAnswerPart[] = [];
  let end = 0;
  for (const match of answer.matchAll(TOPIC_MENTION)) {
    const id = match[1]!;
    if (!isTopic(id)) continue;
    parts.push(answer.slice(end, match.index), { topic: id, label: topicLabels[id] });
    end = match.index + match[0].length;
  }
  parts.push(answer.slice(end));
  return parts.filter((part) => part !== '');
}

/** The answer as plain text, each topic by its name (for search engines' structured data). */
export function faqAnswerText(answer: string): string {
  return faqAnswerParts(answer)
    .map((part) => (typeof part === 'string' ? part : `the "${part.label}" form`))
    .join('');
}
