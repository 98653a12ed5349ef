import type { QueuedSong } from '@fansite/player/core';
import { usePlayer, usePlayerState } from '@fansite/player/react';
import { Button, Dialog } from '@fansite/ui-kit';
import { useState } from 'react';
import styled from 'styled-components';

const Heading = styled.h3`
  margin: ${({ theme }) => `${theme.space[4]} 0 ${theme.space[2]}`};
  font-size: 1rem;
`;

const NowPlaying = styled.p`
  margin: 0;

  span {
    display: block;
    color: ${({ theme }) => theme.colours.mutedText};
    font-size: 0.875rem;
  }
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li<{ $dropTarget: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
  padding: ${({ theme }) => theme.space[1]} 0;
  border-top: 2px solid
    ${({ theme, $dropTarget }) => ($dropTarget ? theme.colours.primary : 'transparent')};
  cursor: grab;

  strong,
  span {
    display: block;
    overflow-wrap: anywhere;
  }

  span {
    color: ${({ theme }) => theme.colours.mutedText};
    font-size: 0.875rem;
  }
`;

const RowActions = styled.div`
  display: flex;

  button {
    min-width: 44px;
    min-height: 44px;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.small};
    background: transparent;
    color: ${({ theme }) => theme.colours.text};
    font: inherit;
    cursor: pointer;
  }

  button:hover:not(:disabled) {
    background: rgba(255, 255, 255, 0.14);
  }

  button:disabled {
    opacity: 0.35;
    cursor: default;
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space[4]};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colours.mutedText};
`;

export interface QueuePanelProps {
  onClose: () => void;
}

/**
 * The listener's queue: what plays now, then the queued songs in order, each to move (dragged, or
 * with its Move up and Move down buttons) or remove, and Clear.
 */
export function QueuePanel({ onClose }: QueuePanelProps) {
  const player = usePlayer();
  const song = usePlayerState((state) => state.song);
  const queue = usePlayerState((state) => state.queue);
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);

  function drop(index: number) {
    if (dragged) player.moveInQueue(dragged, index);
    setDragged(null);
    setDropIndex(null);
  }

  return (
    <Dialog title="Queue" onClose={onClose}>
      {song && (
        <NowPlaying>
          Now playing: <strong>{song.title}</strong>
          <span>{song.artist}</span>
        </NowPlaying>
      )}
      <Heading id="queue-heading">Next in your queue</Heading>
      {queue.length === 0 ? (
        <Empty>
          Your queue is empty. Use Play next or Add to queue on any song; the playlist goes on after
          it.
        </Empty>
      ) : (
        <List aria-labelledby="queue-heading">
          {queue.map((entry, index) => (
            <QueueRow
              key={entry.id}
              entry={entry}
              index={index}
              last={index === queue.length - 1}
              dropTarget={dragged !== null && dropIndex === index}
              onDragStart={() => setDragged(entry.id)}
              onDragOver={() => setDropIndex(index)}
              onDrop={() => drop(index)}
              onDragEnd={() => {
                setDragged(null);
                setDropIndex(null);
              }}
            />
          ))}
        </List>
      )}
      {queue.length > 0 && (
        <Footer>
          <Button variant="secondary" onClick={player.clearQueue}>
            Clear the queue
          </Button>
        </Footer>
      )}
    </Dialog>
  );
}

interface QueueRowProps {
  entry: QueuedSong;
  index: number;
  last: boolean;
  dropTarget: boolean;
  onDragStart: () => void;
  onDragOver: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
}

function QueueRow({ entry, index, last, dropTarget, ...drag }: QueueRowProps) {
  const player = usePlayer();
  return (
    <Row
      draggable
      $dropTarget={dropTarget}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        // Firefox starts a drag only when it carries data.
        event.dataTransfer.setData('text/plain', entry.title);
        drag.onDragStart();
      }}
      onDragOver={(event) => {
        event.preventDefault();
        drag.onDragOver();
      }}
      onDrop={(event) => {
        event.preventDefault();
        drag.onDrop();
      }}
      onDragEnd={drag.onDragEnd}
    >
      <div>
        <strong>{entry.title}</strong>
        <span>{entry.artist}</span>
      </div>
      <RowActions>
        <button
          type="button"
          aria-label={`Move ${entry.title} up`}
          title="Move up"
          disabled={index === 0}
          onClick={() => player.moveInQueue(entry.id, index - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label={`Move ${entry.title} down`}
          title="Move down"
          disabled={last}
          onClick={() => player.moveInQueue(entry.id, index + 1)}
        >
          ↓
        </button>
        <button
          type="button"
          aria-label={`Remove ${entry.title} from the queue`}
          title="Remove"
          onClick={() => player.removeFromQueue(entry.id)}
        >
          ✕
        </button>
      </RowActions>
    </Row>
  );
}
