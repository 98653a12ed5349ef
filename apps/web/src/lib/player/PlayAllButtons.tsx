import { Button, ShuffleIcon, PlayIcon } from '@fansite/ui-kit';
import styled from 'styled-components';
import { useAppPlayer } from './appPlayer.tsx';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  justify-content: center;

  svg {
    width: 1.1em;
    height: 1.1em;
    vertical-align: -0.15em;
    margin-right: ${({ theme }) => theme.space[2]};
  }
`;

export interface PlayAllButtonsProps {
  playlistId: string;
  /** The first song of the list, in play order. */
  firstVideoId: string;
}

/** Starts a whole list where the visitor is: from its first song, or shuffled. */
export function PlayAllButtons({ playlistId, firstVideoId }: PlayAllButtonsProps) {
  const appPlayer = useAppPlayer();
  return (
    <Row>
      <Button
        onClick={() => appPlayer.play({ videoId: firstVideoId, playlistId }, { shuffle: false })}
      >
        <PlayIcon />
        Play all
      </Button>
      <Button variant="secondary" onClick={() => appPlayer.shuffleAll(playlistId)}>
        <ShuffleIcon />
        Shuffle all
      </Button>
    </Row>
  );
}
