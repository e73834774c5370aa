/** Export my data and delete my account: the calls, each answer checked against contract/privacy.ts. */
import { queryOptions } from '@tanstack/react-query';
import { dataExportResponse, deleteAccountResponse, latestExportResponse, type DataExport } from '../../../contract/privacy.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { UNREADABLE } from './account-api.ts';

export const privacyKeys = { latestExport: ['account', 'export'] as const };

/** While an export is being built, its status is read again this often. */
export const EXPORT_POLL_MS = 2000;

const inProgress = (exp: DataExport | null | undefined) => exp?.status === 'pending' || exp?.status === 'running';

export const latestExportQuery = () =>
  queryOptions({
    queryKey: privacyKeys.latestExport,
    queryFn: async (): Promise<DataExport | null> => parseAnswer(latestExportResponse, await api.get<unknown>('/account/export'), UNREADABLE).export,
    refetchInterval: (query) => (inProgress(query.state.data) ? EXPORT_POLL_MS : false),
  });

export const startExportRequest = async (): Promise<DataExport> =>
  parseAnswer(dataExportResponse, await api.post<unknown>('/account/export'), UNREADABLE).export;

export const deleteAccountRequest = async (email: string): Promise<true> =>
  parseAnswer(deleteAccountResponse, await api.post<unknown>('/account/delete', { email }), UNREADABLE).deleted;
