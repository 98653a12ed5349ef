import { nightcore } from '@fansite/brand-config';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SafeHtml } from './SafeHtml.tsx';

const meta = {
  title: 'Content/SafeHtml',
  component: SafeHtml,
  args: { html: nightcore.whatIs.descriptionHtml },
} satisfies Meta<typeof SafeHtml>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WhatIsDescription: Story = {};

export const UnsafeInputIsCleaned: Story = {
  args: {
    html: '<p>Only the text stays.</p><script>alert("removed")</script><a href="javascript:alert(1)">Link without its script</a>',
  },
};
