import type { Channel } from './ChannelDialog.tsx';

export const channels: Channel[] = [
  {
    channel_id: 'UCneon',
    channel_name: 'Neon Beats',
    channel_pic: 'https://picsum.photos/seed/neon/176/176',
  },
  {
    channel_id: 'UCcrystal',
    channel_name: 'Crystal Waves',
    channel_pic: 'https://picsum.photos/seed/crystal/176/176',
  },
  {
    channel_id: 'UCmidnight',
    channel_name: 'Midnight Dreams',
    channel_pic: 'https://picsum.photos/seed/midnight/176/176',
  },
];
