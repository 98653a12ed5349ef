import { createApiClient, createQueries } from '@fansite/api-client';
import { authService } from './auth.ts';

export const apiClient = createApiClient({ getIdToken: () => authService.getIdToken() });

export const queries = createQueries(apiClient);
