import styled from 'styled-components';
import { youtubeWatchUrl } from '../../media/youtube.ts';
import { Button, ButtonLink } from '../Button/Button.tsx';

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  align-items: center;
  justify-content: center;
  box-sizing: border-box;
  width: 100%;
  height: 100%;
  min-height: 180px;
  padding: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) =>
    `linear-gradient(135deg, ${theme.colours.primary}, ${theme.colours.accent})`};
  color: ${({ theme }) => theme.colours.onPrimary};
  text-align: center;
`;

const Message = styled.p`
  margin: 0;
  font-weight: 600;
  /* The brand gradient varies: a shadow keeps the text readable on its lightest part. */
  text-shadow: 0 1px 3px rgba(0, 0, 0, 0.6);
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  justify-content: center;
`;

export interface PlayerUnavailableProps {
  /** The video that could not play: the link opens it on YouTube. */
  youtubeId?: string;
  /** Loads the player again. */
  onRetry: () => void;
}

/**
 * Takes the player's place when YouTube cannot be reached (blocked, offline): says so, offers to
 * try again and to watch the video on YouTube itself.
 */
export function PlayerUnavailable({ youtubeId, onRetry }: PlayerUnavailableProps) {
  return (
    <Panel role="alert">
      <Message>YouTube cannot be reached right now.</Message>
      <Actions>
        <Button onClick={onRetry}>Retry</Button>
        {youtubeId && (
          <ButtonLink href={youtubeWatchUrl(youtubeId)} variant="secondary" target="_blank">
            Open on YouTube
          </ButtonLink>
        )}
      </Actions>
    </Panel>
  );
}
