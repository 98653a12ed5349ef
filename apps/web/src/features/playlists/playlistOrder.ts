import type { CallInput } from '@fansite/contract';
import { choiceParam } from '../../lib/search-params.ts';

/** docs/product.md, screens: the orders of the playlists page, Popular first and by default. */
const PLAYLIST_ORDERS = ['popular', 'az', 'za'] as const;

export type PlaylistOrder = (typeof PLAYLIST_ORDERS)[number];

export const DEFAULT_PLAYLIST_ORDER: PlaylistOrder = 'popular';

const orderLabels: Record<PlaylistOrder, string> = { popular: 'Popular', az: 'A-Z', za: 'Z-A' };

export const playlistOrders = PLAYLIST_ORDERS.map((value) => ({
  value,
  label: orderLabels[value],
}));

/** The page's `sort` search param: missing or unknown, it is the default order. */
export const playlistOrderParam = (value: unknown): PlaylistOrder =>
  choiceParam(value, PLAYLIST_ORDERS) ?? DEFAULT_PLAYLIST_ORDER;

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
