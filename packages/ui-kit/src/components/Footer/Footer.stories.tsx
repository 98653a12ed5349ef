import { nightcore } from '@fansite/brand-config';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from './Footer.tsx';

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  args: {
    siteName: nightcore.siteName,
    social: nightcore.social,
    year: 2026,
    links: [
      { label: 'Playlists', href: '/playlists' },
      { label: nightcore.whatIs.linkLabel, href: nightcore.whatIs.path },
      { label: 'Network', href: '/network' },
      { label: 'Privacy Policy', href: '/privacy' },
      { label: 'FAQ', href: '/faq' },
      { label: 'Contact Us', href: '/get-in-touch' },
    ],
  },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
