import type { ApiClient, ApiQueries } from '@fansite/api-client';
import type { AuthService } from '@fansite/auth';
import type { BrandConfig } from '@fansite/brand-config';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What every route loader and component may use, handed to the router as its context so that tests
 * can swap any of it (a fake API, another brand).
 */
export interface AppContext {
  queryClient: QueryClient;
  apiClient: ApiClient;
  queries: ApiQueries;
  brand: BrandConfig;
  /** The identity service: Firebase Auth in the browser, a fake in tests. */
  auth: AuthService;
  /**
   * True while the server renders the page (ARCHITECTURE.md, pages rendered on the server):
   * loaders wait for the reads that make a page's main content, which the browser shows after
   * a spinner instead.
   */
  serverRender?: boolean;
}
