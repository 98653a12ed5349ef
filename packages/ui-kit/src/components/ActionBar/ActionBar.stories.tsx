import type { Meta, StoryObj } from '@storybook/react-vite';
import { HeartIcon } from '../../icons/icons.tsx';
import { ActionBar, ActionButton } from './ActionBar.tsx';
import {
  FlagIcon,
  KeyboardIcon,
  LinkIcon,
  NextIcon,
  PreviousIcon,
  RepeatIcon,
  ShuffleIcon,
} from './actionIcons.tsx';

const noop = () => {};

const meta = {
  title: 'Player/ActionBar',
  component: ActionBar,
  args: {
    label: 'Song actions',
    children: (
      <>
        <ActionButton label="Add to favorites" icon={HeartIcon} onClick={noop} pressed={false} />
        <ActionButton label="Previous song" icon={PreviousIcon} onClick={noop} disabled />
        <ActionButton label="Next song" icon={NextIcon} onClick={noop} />
        <ActionButton label="Shuffle" icon={ShuffleIcon} onClick={noop} pressed />
        <ActionButton label="Repeat" icon={RepeatIcon} onClick={noop} pressed={false} />
        <ActionButton label="Report" icon={FlagIcon} onClick={noop} />
        <ActionButton label="Copy link" icon={LinkIcon} onClick={noop} />
        <ActionButton label="Keyboard shortcuts" icon={KeyboardIcon} onClick={noop} />
      </>
    ),
  },
} satisfies Meta<typeof ActionBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SongActions: Story = {};
