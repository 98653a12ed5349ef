import { loadBrand } from '@fansite/brand-config';

/** The brand the visited host selects (docs/product.md, brands and hosts). */
export const brand = loadBrand(window.location.host);
