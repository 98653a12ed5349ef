import { Banner, Container, EmptyState, SafeHtml } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr));
  gap: ${({ theme }) => theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};
`;

/** Pictures are external: when one cannot load, its alt text sits on the brand's gradient. */
const Picture = styled.img`
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colours.primary},
    ${({ theme }) => theme.colours.accent}
  );
  color: ${({ theme }) => theme.colours.onPrimary};
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }

  > a {
    margin-top: auto;
    color: ${({ theme }) => theme.colours.accent};
  }
`;

/** docs/product.md, screens, /latest: the news feed, its HTML sanitized. */
export function LatestPage() {
  const { queries } = useAppContext();
  // A feed that fails to load is shown as empty (docs/product.md, messages).
  const { data: items = [], isPending } = useQuery(queries.feed.all({}));
  return (
    <>
      <DocumentTitle page="Latest" />
      <Banner title="Latest" />
      <Container>
        {!isPending && items.length === 0 ? (
          <EmptyState title="No updates to display" />
        ) : (
          <Cards aria-label="Updates">
            {items.map((item) => (
              <li key={`${item.title}-${item.url}`}>
                <Card>
                  <Picture src={item.image} alt={item.title} loading="lazy" />
                  <Body>
                    <h2>{item.title}</h2>
                    <SafeHtml html={item.content} />
                    <a href={item.url} target="_blank" rel="noopener noreferrer">
                      Read more
                    </a>
                  </Body>
                </Card>
              </li>
            ))}
          </Cards>
        )}
      </Container>
    </>
  );
}
