import type { BuildOptions } from 'esbuild';

/** esbuild's options for a bundle of the API's code (bundle-options.js). */
export declare const bundleOptions: BuildOptions;
