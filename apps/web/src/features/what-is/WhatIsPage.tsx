import { Banner, Container, SafeHtml } from '@fansite/ui-kit';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';

const Layout = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 240px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
  align-items: start;
  max-width: 900px;
  margin: 0 auto;
  line-height: 1.6;

  @media ${({ theme }) => theme.media.narrow} {
    grid-template-columns: 1fr;
    justify-items: center;
  }
`;

const Picture = styled.img`
  width: 100%;
  max-width: 240px;
  border-radius: ${({ theme }) => theme.radii.large};
`;

/** docs/product.md, screens, the what-is page: the brand's image, title and (sanitized) description. */
export function WhatIsPage() {
  const { brand } = useAppContext();
  const { title, imageUrl, descriptionHtml } = brand.whatIs;
  return (
    <>
      <DocumentTitle page={title} />
      <Banner title={title} />
      <Container>
        <Layout>
          <Picture src={imageUrl} alt={title} />
          <SafeHtml html={descriptionHtml} />
        </Layout>
      </Container>
    </>
  );
}
