import type { CallInput } from '@fansite/contract';
import { z } from 'zod';

/** docs/product.md, screens: the orders of the playlists page, Popular first and by default. */
const playlistOrderSchema = z.enum(['popular', 'az', 'za']);

export type PlaylistOrder = z.infer<typeof playlistOrderSchema>;

export const DEFAULT_PLAYLIST_ORDER: PlaylistOrder = 'popular';

const orderLabels: Record<PlaylistOrder, string> = { popular: 'Popular', az: 'A-Z', za: 'Z-A' };

export const playlistOrders = playlistOrderSchema.options.map((value) => ({
  value,
  label: orderLabels[value],
}));

/** The page's `sort` search param: missing or unknown, it is the default order. */
export const playlistOrderParamSchema = playlistOrderSchema
  .default(DEFAULT_PLAYLIST_ORDER)
  .catch(DEFAULT_PLAYLIST_ORDER);

/** The API sorts by popularity without `order`, and by name with ASC or DESC. */
export function playlistOrderInput(order: PlaylistOrder): CallInput<'playlistAll'> {
  switch (order) {
    case 'popular':
      return {};
    case 'az':
      return { order: 'ASC' };
    case 'za':
      return { order: 'DESC' };
  }
}
