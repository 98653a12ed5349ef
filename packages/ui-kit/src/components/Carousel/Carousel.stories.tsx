import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar } from '../Avatar/Avatar.tsx';
import { Carousel } from './Carousel.tsx';

const people = Array.from({ length: 16 }, (_, index) => `Creator ${index + 1}`);

const meta = {
  title: 'Network/Carousel',
  component: Carousel<string>,
  args: {
    label: 'Network members',
    items: people,
    getKey: (name: string) => name,
    renderSlide: (name: string) => (
      <Avatar src={`https://picsum.photos/seed/${encodeURIComponent(name)}/176/176`} name={name} />
    ),
    autoplayMs: 2000,
    slidesPerView: { min: 3, max: 12 },
    slideWidth: '88px',
  },
} satisfies Meta<typeof Carousel<string>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Avatars: Story = {};
