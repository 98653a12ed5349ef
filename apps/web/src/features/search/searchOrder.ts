import type { CallInput } from '@fansite/contract';
import { z } from 'zod';

/** docs/product.md, screens: the orders of the search page, A-Z first and by default. */
const searchOrderSchema = z.enum(['az', 'za', 'newest', 'oldest']);

export type SearchOrder = z.infer<typeof searchOrderSchema>;

export const DEFAULT_SEARCH_ORDER: SearchOrder = 'az';

const orderLabels: Record<SearchOrder, string> = {
  az: 'A-Z',
  za: 'Z-A',
  newest: 'Newest',
  oldest: 'Oldest',
};

export const searchOrders = searchOrderSchema.options.map((value) => ({
  value,
  label: orderLabels[value],
}));

/** The page's `sort` search param: missing or unknown, it is the default order. */
export const searchOrderParamSchema = searchOrderSchema
  .default(DEFAULT_SEARCH_ORDER)
  .catch(DEFAULT_SEARCH_ORDER);

const orderInputs: Record<SearchOrder, Pick<CallInput<'songSearch'>, 'orderBy' | 'orderDir'>> = {
  az: { orderBy: 'title', orderDir: 'ASC' },
  za: { orderBy: 'title', orderDir: 'DESC' },
  newest: { orderBy: 'date_added', orderDir: 'DESC' },
  oldest: { orderBy: 'date_added', orderDir: 'ASC' },
};

/** song/search sorts by title or date added, each either way. */
export const searchOrderInput = (order: SearchOrder) => orderInputs[order];
