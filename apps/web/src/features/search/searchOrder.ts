import type { CallInput } from '@fansite/contract';
import { choiceParam } from '../../lib/search-params.ts';

/** docs/product.md, screens: the orders of the search page, A-Z first and by default. */
const SEARCH_ORDERS = ['az', 'za', 'newest', 'oldest'] as const;

export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export const DEFAULT_SEARCH_ORDER: SearchOrder = 'az';

const orderLabels: Record<SearchOrder, string> = {
  az: 'A-Z',
  za: 'Z-A',
  newest: 'Newest',
  oldest: 'Oldest',
};

export const searchOrders = SEARCH_ORDERS.map((value) => ({
  value,
  label: orderLabels[value],
}));

/** The page's `sort` search param: missing or unknown, it is the default order. */
export const searchOrderParam = (value: unknown): SearchOrder =>
  choiceParam(value, SEARCH_ORDERS) ?? DEFAULT_SEARCH_ORDER;

const orderInputs: Record<SearchOrder, Pick<CallInput<'songSearch'>, 'orderBy' | 'orderDir'>> = {
  az: { orderBy: 'title', orderDir: 'ASC' },
  za: { orderBy: 'title', orderDir: 'DESC' },
  newest: { orderBy: 'date_added', orderDir: 'DESC' },
  oldest: { orderBy: 'date_added', orderDir: 'ASC' },
};

/** song/search sorts by title or date added, each either way. */
export const searchOrderInput = (order: SearchOrder) => orderInputs[order];
