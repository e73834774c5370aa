import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { queryOptions } from '@tanstack/react-query';
import { transcriptionSettingsResponse, type TranscriptionSettings, type TranscriptionSettingsInput } from '../../../contract/admin-settings.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { adminKeys } from './admin-api.ts';

export const transcriptionSettingsKey = [...adminKeys.tab('settings'), 'transcription'] as const;

/** GET /api/admin/settings/transcription. */
export const transcriptionSettingsQuery = () =>
  queryOptions({
    queryKey: transcriptionSettingsKey,
    queryFn: async () => parseAnswer(transcriptionSettingsResponse, await api.get<unknown>('/admin/settings/transcription'), 'Failed to load the transcription settings'),
  });

/** POST /api/admin/settings/transcription. */
export async function saveTranscriptionSettings(input: TranscriptionSettingsInput): Promise<TranscriptionSettings> {
  return parseAnswer(transcriptionSettingsResponse, await api.post<unknown>('/admin/settings/transcription', input), ADMIN_MESSAGES.saveConfig);
}
