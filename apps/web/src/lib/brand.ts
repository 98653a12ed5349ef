import { loadBrand } from '@fansite/brand-config';

/** The brand the visited host selects (SPEC.md section 1). */
export const brand = loadBrand(window.location.host);
