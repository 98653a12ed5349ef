import { brandFaqs } from '@fansite/brand-config';
import { describe, expect, it } from 'vitest';
import { faqAnswerParts, faqAnswerText } from './faqAnswer.ts';

describe('faqAnswerParts', () => {
  it('turns a mentioned topic id into a topic named by its label', () => {
    expect(faqAnswerParts('Apply with the topic "apply-member". Thanks!')).toEqual([
      'Apply with ',
      { topic: 'apply-member', label: 'Apply as a network member' },
      '. Thanks!',
    ]);
  });

  it('leaves text alone that names no known topic', () => {
    expect(faqAnswerParts('Pick the topic "unknown" or none.')).toEqual([
      'Pick the topic "unknown" or none.',
    ]);
  });

  it('leaves no topic id in any answer of either brand', () => {
    for (const faq of Object.values(brandFaqs)) {
      for (const entry of [...faq.general, ...faq.network]) {
        expect(faqAnswerText(entry.answer)).not.toMatch(/"(?:apply|request)-[a-z]+"/);
      }
    }
  });
});
