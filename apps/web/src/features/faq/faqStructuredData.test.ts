import { nightcore } from '@fansite/brand-config';
import { describe, expect, it } from 'vitest';
import { faqAnswerText } from './faqAnswer.ts';
import { faqStructuredData, scriptSafeJson } from './faqStructuredData.ts';

describe('faqStructuredData', () => {
  it('lists every question of both sections with its answer', () => {
    const data = faqStructuredData(nightcore.faq);

    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(
      nightcore.faq.general.length + nightcore.faq.network.length,
    );
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: nightcore.faq.general[0]!.question,
      acceptedAnswer: {
        '@type': 'Answer',
        text: faqAnswerText(nightcore.faq.general[0]!.answer),
      },
    });
  });

  it('escapes "<" so that the JSON cannot end its script element', () => {
    expect(scriptSafeJson({ text: '</script><script>alert(1)</script>' })).not.toContain('<');
  });
});
