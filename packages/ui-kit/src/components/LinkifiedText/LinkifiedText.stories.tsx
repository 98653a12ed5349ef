import type { Meta, StoryObj } from '@storybook/react-vite';
import { LinkifiedText } from './LinkifiedText.tsx';

const meta = {
  title: 'Data display/LinkifiedText',
  component: LinkifiedText,
  args: {
    text: 'Original song: https://example.com/original\nArtist: https://artist.example\nContact: mailto:hello@example.com\n\nNot a link: javascript:alert(1)',
  },
} satisfies Meta<typeof LinkifiedText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SongDescription: Story = {};
