import type { BrandFaq } from '@fansite/brand-config';
import { faqAnswerText } from './faqAnswer.ts';

/** The FAQ as schema.org FAQPage data, for search engines. */
export function faqStructuredData(faq: BrandFaq) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: [...faq.general, ...faq.network].map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: faqAnswerText(entry.answer) },
    })),
  };
}

/** JSON for a <script> element: "<" escaped so that no text can close the element early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
