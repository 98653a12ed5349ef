import styled from 'styled-components';
import { Avatar } from '../Avatar/Avatar.tsx';
import { Button, ButtonLink } from '../Button/Button.tsx';
import { Dialog } from '../Dialog/Dialog.tsx';

/** A channel of the creator network, as the API gives it (contract's `Member`). */
export interface Channel {
  channel_id: string;
  channel_name: string;
  channel_pic: string;
}

/** The address of a channel's page on YouTube. */
export function channelUrl(channelId: string): string {
  return `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;
}

const Body = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[4]};
  text-align: center;
`;

const Cycle = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface ChannelDialogProps {
  channels: readonly Channel[];
  /** The channel shown, an index into `channels`. */
  index: number;
  /** Previous and next go round: after the last channel comes the first. */
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** A network member's details: picture, name, a link to the channel, and the way to the others. */
export function ChannelDialog({ channels, index, onIndexChange, onClose }: ChannelDialogProps) {
  const channel = channels[index];
  if (!channel) return null;
  const step = (by: number) => onIndexChange((index + by + channels.length) % channels.length);
  return (
    <Dialog title={channel.channel_name} onClose={onClose}>
      <Body>
        <Avatar src={channel.channel_pic} name={channel.channel_name} size="160px" />
        <ButtonLink href={channelUrl(channel.channel_id)} target="_blank">
          Visit channel
        </ButtonLink>
        <Cycle>
          <Button variant="secondary" onClick={() => step(-1)}>
            Previous
          </Button>
          <Button variant="secondary" onClick={() => step(1)}>
            Next
          </Button>
        </Cycle>
      </Body>
    </Dialog>
  );
}
