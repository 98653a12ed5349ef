import styled from 'styled-components';
import { ActionButton } from '../ActionBar/ActionBar.tsx';
import { AddToQueueIcon, PlayNextIcon } from '../ActionBar/actionIcons.tsx';

const Group = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};

  /* Over a picture the buttons need their own dark ground to be seen. */
  button {
    background: rgba(0, 0, 0, 0.72);
    color: #ffffff;
  }

  button:hover:not(:disabled) {
    background: rgba(0, 0, 0, 0.9);
  }
`;

export interface QueueActions {
  onPlayNext: () => void;
  onAddToQueue: () => void;
}

export interface QueueButtonsProps extends QueueActions {
  /** The song's title, which names each button ("Play Faded next"). */
  title: string;
  className?: string;
}

/** Play next and Add to queue for one song, as song cards and rows show them. */
export function QueueButtons({ title, onPlayNext, onAddToQueue, className }: QueueButtonsProps) {
  return (
    <Group className={className}>
      <ActionButton label={`Play ${title} next`} icon={PlayNextIcon} onClick={onPlayNext} />
      <ActionButton
        label={`Add ${title} to the queue`}
        icon={AddToQueueIcon}
        onClick={onAddToQueue}
      />
    </Group>
  );
}
