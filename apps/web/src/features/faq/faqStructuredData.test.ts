import { brandFaqs } from '@fansite/brand-config';
import { describe, expect, it } from 'vitest';
import { faqAnswerText } from './faqAnswer.ts';
import { faqStructuredData, scriptSafeJson } from './faqStructuredData.ts';

describe('faqStructuredData', () => {
  it('lists every question of both sections with its answer', () => {
    const data = faqStructuredData(brandFaqs.nightcore);

    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(
      brandFaqs.nightcore.general.length + brandFaqs.nightcore.network.length,
    );
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: brandFaqs.nightcore.general[0]!.question,
      acceptedAnswer: {
        '@type': 'Answer',
        text: faqAnswerText(brandFaqs.nightcore.general[0]!.answer),
      },
    });
  });

  it('escapes "<" so that the JSON cannot end its script element', () => {
    expect(scriptSafeJson({ text: '</script><script>alert(1)</script>' })).not.toContain('<');
  });
});
