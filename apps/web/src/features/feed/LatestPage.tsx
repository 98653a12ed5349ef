import { errorMessage } from '@fansite/api-client';
import {
  Banner,
  CardGridSkeleton,
  Container,
  CoverImage,
  EmptyState,
  Grid,
  LoadError,
  SafeHtml,
} from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';

const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};
`;

/** Pictures are external: one that cannot load leaves the brand's gradient, not a broken image. */
const PictureFrame = styled.div`
  aspect-ratio: 16 / 9;
  overflow: hidden;
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colours.primary},
    ${({ theme }) => theme.colours.accent}
  );
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
    display: inline-flex;
    align-items: center;
    align-self: flex-start;
    /* A finger needs 44 px (WCAG 2.5.5). */
    min-height: 44px;
    margin-top: auto;
    color: ${({ theme }) => theme.colours.accent};
  }
`;

/** docs/product.md, screens, /latest: the news feed, its HTML sanitized. */
export function LatestPage() {
  const { queries } = useAppContext();
  const feed = useQuery(queries.feed.all({}));
  const items = feed.data ?? [];
  return (
    <>
      <DocumentTitle page="Latest" />
      <Banner title="Latest" />
      <Container>
        {feed.isPending ? (
          <CardGridSkeleton label="Loading updates" count={3} minItemWidth="300px" />
        ) : feed.isError ? (
          <LoadError
            aria-label="Updates"
            message={errorMessage(feed.error)}
            onRetry={() => void feed.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState title="No updates to display" />
        ) : (
          <Grid aria-label="Updates" minItemWidth="300px">
            {items.map((item) => (
              <Card key={`${item.title}-${item.url}`}>
                <PictureFrame>{item.image && <CoverImage src={item.image} />}</PictureFrame>
                <Body>
                  <h2>{item.title}</h2>
                  <SafeHtml html={item.content} />
                  <a href={item.url} target="_blank" rel="noopener noreferrer">
                    Read more
                  </a>
                </Body>
              </Card>
            ))}
          </Grid>
        )}
      </Container>
    </>
  );
}
