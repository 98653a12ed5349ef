import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, ButtonLink } from './Button.tsx';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Random song' },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = { args: { variant: 'secondary', children: 'More music' } };

export const Disabled: Story = { args: { disabled: true } };

export const AsLink: Story = {
  render: () => (
    <ButtonLink href="/playlists" variant="secondary">
      More music
    </ButtonLink>
  ),
};
