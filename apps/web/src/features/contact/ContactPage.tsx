import type { ContactTopic } from '@fansite/contract';
import { Banner, Container } from '@fansite/ui-kit';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { ContactForm } from './ContactForm.tsx';

/** docs/product.md, screens, /get-in-touch. */
export function ContactPage({ topic }: { topic: ContactTopic }) {
  return (
    <>
      <DocumentTitle page="Get in touch" />
      <Banner title="Get in touch" />
      <Container>
        {/* A new topic in the address starts a fresh form with that topic chosen. */}
        <ContactForm key={topic} initialTopic={topic} />
      </Container>
    </>
  );
}
