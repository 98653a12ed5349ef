import { createApiClient, createQueries } from '@fansite/api-client';
import type { AuthService } from '@fansite/auth';
import { loadBrand } from '@fansite/brand-config';
import { serverBuild } from '@fansite/ssr/server';
import { QueryClient } from '@tanstack/react-query';
import type { AppContext } from './lib/context.ts';
import { createAppRouter } from './router.tsx';
import { queryClientOptions } from './ssr/client-state.ts';

/**
 * Nobody is signed in on the server: the page is rendered as a visitor sees it before their saved
 * session is read, and the browser's app fills in the signed-in parts after hydration.
 */
const signedOut: AuthService = {
  currentUser: () => Promise.resolve(null),
  onUserChanged: () => () => {},
  getIdToken: () => Promise.resolve(null),
  signUp: refuse,
  signIn: refuse,
  signOut: refuse,
  sendPasswordReset: refuse,
  verifyResetCode: refuse,
  confirmReset: refuse,
  sendEmailVerification: refuse,
  applyEmailVerification: refuse,
  changePassword: refuse,
};
function refuse(): Promise<never> {
  return Promise.reject(new Error('Accounts are only available in the browser.'));
}

/**
 * The main site's server build (ARCHITECTURE.md, pages rendered on the server): the browser's
 * router, in the served host's brand, its API calls answered by the server itself.
 */
export const { render, pageAddress } = serverBuild({
  page({ origin, host, history, fetch }) {
    const queryClient = new QueryClient(queryClientOptions);
    const apiClient = createApiClient({ baseUrl: origin, fetch });
    const context: AppContext = {
      queryClient,
      apiClient,
      queries: createQueries(apiClient),
      brand: loadBrand(host),
      auth: signedOut,
      serverRender: true,
    };
    return { router: createAppRouter(context, history), queryClient };
  },
});
