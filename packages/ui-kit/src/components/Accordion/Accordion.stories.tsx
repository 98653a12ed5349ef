import type { Meta, StoryObj } from '@storybook/react-vite';
import { Accordion } from './Accordion.tsx';

const meta = {
  title: 'Content/Accordion',
  component: Accordion,
  args: {
    items: [
      {
        id: 'what',
        title: 'What is nightcore?',
        content: 'A song sped up by 20-35%, with a higher pitch and a tempo of 140-160 bpm.',
      },
      {
        id: 'join',
        title: 'How do I join the network?',
        content: 'Apply through the contact form with the topic "Apply as a member".',
      },
    ],
  },
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
