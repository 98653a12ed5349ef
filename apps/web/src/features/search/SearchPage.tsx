import { errorMessage } from '@fansite/api-client';
import type { SongSummary } from '@fansite/contract';
import {
  Banner,
  Container,
  EmptyState,
  formatCount,
  LoadError,
  RowListSkeleton,
  SongRow,
  VisuallyHidden,
  SortSelect,
  Spinner,
  VirtualList,
} from '@fansite/ui-kit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';
import { useCurrentVideoId, useQueueActions } from '../../lib/player/appPlayer.tsx';
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

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colours.mutedText};
`;

const More = styled.div`
  margin-top: ${({ theme }) => theme.space[4]};
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

/** A row's height before it is measured: a 16:9 thumbnail 160 px wide (96 on phones), padded. */
const ROW_HEIGHT = 114;
const NARROW_ROW_HEIGHT = 120;

function SearchResults({ text, type, order }: Omit<SearchPageProps, 'onOrderChange'>) {
  const { queries } = useAppContext();
  const queueActions = useQueueActions();
  const playing = useCurrentVideoId();
  const results = useInfiniteQuery(
    queries.song.searchPages({ s: text, type, ...searchOrderInput(order) }),
  );
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, error } = results;
  const loadMore = useCallback(() => {
    // A page that failed waits for the visitor's Retry rather than being asked for again and again.
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (results.isPending) return <RowListSkeleton label="Searching" />;
  if (results.isError) {
    return (
      <LoadError
        aria-label="Search results"
        message={errorMessage(results.error)}
        onRetry={() => void results.refetch()}
      />
    );
  }
  const total = results.data.pages[0]?.total ?? 0;
  if (total === 0) {
    return <EmptyState title="No songs found" message="Nothing matches your search." />;
  }
  const songs = results.data.pages.flatMap((page) => page.songs);
  return (
    <>
      <Count role="status">
        {formatCount(total)} {total === 1 ? 'song' : 'songs'}
      </Count>
      {/* Between the page's title and the songs' (third-level) titles. */}
      <VisuallyHidden as="h2">Songs found</VisuallyHidden>
      <VirtualList<SongSummary>
        aria-label="Search results"
        items={songs}
        total={total}
        getKey={(song) => `${song.youtube_url}-${song.category_id}`}
        gap={12}
        estimateRowHeight={({ narrow }) => (narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT)}
        onEndReached={loadMore}
        renderItem={(song) => (
          <SongRow
            title={song.title}
            youtubeId={song.youtube_url}
            href={paths.song(song.youtube_url, song.category_id)}
            dateAdded={song.date_added}
            isNew={song.new === 'true'}
            duration={song.duration}
            artist={{ name: song.author_name, href: paths.search(song.author_name, 'artist') }}
            playlist={{ name: song.category_name, href: paths.playlist(song.category_id) }}
            current={song.youtube_url === playing}
            queueActions={queueActions({
              videoId: song.youtube_url,
              playlistId: song.category_id,
              title: song.title,
              artist: song.author_name,
            })}
          />
        )}
      />
      <More>
        {isFetchingNextPage && <Spinner label="Loading more songs" />}
        {isFetchNextPageError && (
          <LoadError message={errorMessage(error)} onRetry={() => void fetchNextPage()} />
        )}
      </More>
    </>
  );
}
