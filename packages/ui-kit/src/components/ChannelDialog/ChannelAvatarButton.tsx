import styled from 'styled-components';
import { Avatar } from '../Avatar/Avatar.tsx';
import type { Channel } from './ChannelDialog.tsx';

const Button = styled.button`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: transparent;
  color: ${({ theme }) => theme.colours.text};
  font: inherit;
  font-size: 0.875rem;
  cursor: pointer;

  &:hover > span:first-child,
  &:focus-visible > span:first-child {
    outline: 3px solid ${({ theme }) => theme.colours.accent};
  }
`;

/** The whole name, on two lines at most (a phone's carousel slide is narrow), then cut. */
const Name = styled.span`
  display: -webkit-box;
  max-width: 100%;
  overflow: hidden;
  overflow-wrap: anywhere;
  line-height: 1.25;
  text-align: center;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
`;

export interface ChannelAvatarButtonProps {
  channel: Channel;
  /** Opens the channel's details (`ChannelDialog`). */
  onOpen: () => void;
  /** The picture's size, any CSS length. */
  size?: string;
}

/** A member's picture and name that opens the member's details. */
export function ChannelAvatarButton({ channel, onOpen, size }: ChannelAvatarButtonProps) {
  return (
    <Button type="button" onClick={onOpen} aria-haspopup="dialog">
      <Avatar src={channel.channel_pic} name={channel.channel_name} size={size} decorative />
      <Name>{channel.channel_name}</Name>
    </Button>
  );
}
