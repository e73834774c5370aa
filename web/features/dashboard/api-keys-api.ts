/** The API keys tab's calls, each answer checked against contract/api-keys.ts. */
import { queryOptions } from '@tanstack/react-query';
import { apiKeyRevokedResponse, apiKeysResponse, createdApiKeyResponse, type ApiKeysList, type CreateApiKeyRequest, type CreatedApiKey } from '../../../contract/api-keys.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { UNREADABLE } from './account-api.ts';

export const apiKeysKey = ['account', 'api-keys'] as const;

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeysKey,
    // Used elsewhere (a script, a delivery): read afresh whenever the tab opens.
    staleTime: 0,
    queryFn: async (): Promise<ApiKeysList> => parseAnswer(apiKeysResponse, await api.get<unknown>('/account/api-keys'), UNREADABLE),
  });

export const createApiKeyRequest = async (body: CreateApiKeyRequest): Promise<CreatedApiKey> =>
  parseAnswer(createdApiKeyResponse, await api.post<unknown>('/account/api-keys', body), UNREADABLE);

export const revokeApiKeyRequest = async (id: string): Promise<void> => {
  parseAnswer(apiKeyRevokedResponse, await api.delete<unknown>(`/account/api-keys/${encodeURIComponent(id)}`), UNREADABLE);
};
