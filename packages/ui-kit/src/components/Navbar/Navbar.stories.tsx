import { nightcore } from '@fansite/brand-config';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Navbar, NavbarButton, NavbarLink } from './Navbar.tsx';

const meta = {
  title: 'Layout/Navbar',
  component: Navbar,
  args: {
    siteName: nightcore.siteName,
    logoSrc:
      "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Ccircle cx='20' cy='20' r='18' fill='%237c3aed'/%3E%3C/svg%3E",
    onSearch: fn(),
    children: (
      <>
        <NavbarLink href="/playlists">Playlists</NavbarLink>
        <NavbarButton onClick={fn()}>Random Song</NavbarButton>
        <NavbarLink href="https://fm.nightcore.example">Radio</NavbarLink>
        <NavbarLink href="/network">Network</NavbarLink>
        <NavbarLink href={nightcore.subscriptionsUrl}>Subscriptions</NavbarLink>
        <NavbarLink href="/login">Account</NavbarLink>
      </>
    ),
  },
} satisfies Meta<typeof Navbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Solid: Story = {};

/** On the home page the bar lies over the hero until the page scrolls. */
export const OverlayOnHero: Story = {
  args: { overlay: true },
  decorators: [
    (Story) => (
      <div
        style={{ minHeight: '150vh', background: 'linear-gradient(180deg, #7c3aed, #0b0b12 60%)' }}
      >
        <Story />
      </div>
    ),
  ],
};
