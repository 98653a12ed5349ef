import { createApiClient, createQueries } from '@fansite/api-client';

// Every call is anonymous until the auth package provides the signed-in user's ID token.
export const apiClient = createApiClient({ getIdToken: async () => null });

export const queries = createQueries(apiClient);
