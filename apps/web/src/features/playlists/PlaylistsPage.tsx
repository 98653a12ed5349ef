import { Banner, Container, SortSelect } from '@fansite/ui-kit';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { PlaylistCards } from './PlaylistCards.tsx';
import { playlistOrderInput, playlistOrders, type PlaylistOrder } from './playlistOrder.ts';

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const Description = styled.p`
  max-width: 70ch;
  margin: ${({ theme }) => `${theme.space[7]} auto 0`};
  color: ${({ theme }) => theme.colours.mutedText};
  text-align: center;
`;

export interface PlaylistsPageProps {
  order: PlaylistOrder;
  onOrderChange: (order: PlaylistOrder) => void;
}

/** docs/product.md, screens, /playlists: every playlist in the chosen order, and the brand's description. */
export function PlaylistsPage({ order, onOrderChange }: PlaylistsPageProps) {
  const { brand } = useAppContext();
  return (
    <>
      <DocumentTitle page="Playlists" />
      <Banner title="Playlists" />
      <Container>
        <Toolbar>
          <SortSelect
            label="Sort by"
            value={order}
            options={playlistOrders}
            onChange={onOrderChange}
          />
        </Toolbar>
        <PlaylistCards input={playlistOrderInput(order)} />
        <Description>{brand.playlistsDescription}</Description>
      </Container>
    </>
  );
}
