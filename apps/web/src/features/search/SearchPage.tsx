import { errorMessage } from '@fansite/api-client';
import {
  Banner,
  Container,
  EmptyState,
  SongList,
  SongRow,
  SortSelect,
  Spinner,
} from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { searchOrderInput, searchOrders, type SearchOrder } from './searchOrder.ts';

const Query = styled.p`
  margin: 0;
  font-size: 1.15rem;
  overflow-wrap: anywhere;
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const ErrorMessage = styled.p`
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.status.danger};
  color: ${({ theme }) => theme.colours.status.onStatus};
  text-align: center;
`;

export interface SearchPageProps {
  text: string;
  type?: 'artist';
  order: SearchOrder;
  onOrderChange: (order: SearchOrder) => void;
}

/** docs/product.md, screens, /search: the songs matching the text, in the chosen order. */
export function SearchPage({ text, type, order, onOrderChange }: SearchPageProps) {
  return (
    <>
      <DocumentTitle page="Search results" />
      <Banner title="SEARCH RESULTS">{text && <Query>{text}</Query>}</Banner>
      <Container>
        <Toolbar>
          <SortSelect
            label="Sort by"
            value={order}
            options={searchOrders}
            onChange={onOrderChange}
          />
        </Toolbar>
        {text ? (
          <SearchResults text={text} type={type} order={order} />
        ) : (
          <EmptyState title="No songs found" message="Type a song title or an artist to search." />
        )}
      </Container>
    </>
  );
}

function SearchResults({ text, type, order }: Omit<SearchPageProps, 'onOrderChange'>) {
  const { queries } = useAppContext();
  const results = useQuery(queries.song.search({ s: text, type, ...searchOrderInput(order) }));

  if (results.isPending) return <Spinner label="Searching" />;
  if (results.isError)
    return <ErrorMessage role="alert">{errorMessage(results.error)}</ErrorMessage>;
  if (results.data.length === 0) {
    return <EmptyState title="No songs found" message="Nothing matches your search." />;
  }
  return (
    <SongList aria-label="Search results">
      {results.data.map((song) => (
        <SongRow
          key={`${song.youtube_url}-${song.category_id}`}
          title={song.title}
          youtubeId={song.youtube_url}
          href={paths.song(song.youtube_url, song.category_id)}
          dateAdded={song.date_added}
          isNew={song.new === 'true'}
          artist={{ name: song.author_name, href: paths.search(song.author_name, 'artist') }}
          playlist={{ name: song.category_name, href: paths.playlist(song.category_id) }}
        />
      ))}
    </SongList>
  );
}
