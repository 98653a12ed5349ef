import { brandFaqs } from '@fansite/brand-config';
import { Accordion, Banner, ButtonLink, Container, Link } from '@fansite/ui-kit';
import { Fragment, useState } from 'react';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { faqAnswerParts } from './faqAnswer.ts';
import { faqStructuredData, scriptSafeJson } from './faqStructuredData.ts';

const Section = styled.section`
  max-width: 800px;
  margin: 0 auto ${({ theme }) => theme.space[7]};
`;

const Contact = styled.p`
  text-align: center;
`;

/** docs/product.md, screens, /faq: the brand's questions in two sections, one answer open at a time. */
export function FaqPage() {
  const { brand } = useAppContext();
  const faq = brandFaqs[brand.id];
  // One open item across both sections.
  const [openId, setOpenId] = useState<string | null>(null);
  const sections = [
    { id: 'general', title: 'General', entries: faq.general },
    { id: 'network', title: 'Network', entries: faq.network },
  ];
  return (
    <>
      <DocumentTitle page="FAQ" />
      <script type="application/ld+json">{scriptSafeJson(faqStructuredData(faq))}</script>
      <Banner title="Frequently asked questions" />
      <Container>
        {sections.map((section) => (
          <Section key={section.id} aria-labelledby={`faq-${section.id}`}>
            <h2 id={`faq-${section.id}`}>{section.title}</h2>
            <Accordion
              openId={openId}
              onOpenChange={setOpenId}
              items={section.entries.map((entry, index) => ({
                id: `${section.id}-${index}`,
                title: entry.question,
                content: <FaqAnswer answer={entry.answer} />,
              }))}
            />
          </Section>
        ))}
        <Contact>
          Still have a question? <ButtonLink href={paths.contact}>Get in touch</ButtonLink>
        </Contact>
      </Container>
    </>
  );
}

/** An answer, each get-in-touch topic it mentions a link to the form with that topic chosen. */
function FaqAnswer({ answer }: { answer: string }) {
  return (
    <p>
      {faqAnswerParts(answer).map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Fragment key={index}>
            the <Link href={paths.contactAbout(part.topic)}>{part.label}</Link> form
          </Fragment>
        ),
      )}
    </p>
  );
}
