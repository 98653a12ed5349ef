import { bundledBrand } from '@fansite/brand-config';

/**
 * The brand the visited host selects (docs/product.md, brands and hosts). The server loaded and
 * checked the same data when it rendered this page (see `bundledBrand`).
 */
export const brand = bundledBrand(window.location.host);
