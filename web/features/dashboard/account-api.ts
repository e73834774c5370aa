/** The account controls' calls (password, sessions, billing), each answer checked against contract/account.ts. */
import { queryOptions } from '@tanstack/react-query';
import {
  billingResponse,
  passwordChangedResponse,
  passwordStatusResponse,
  sessionsEndedResponse,
  sessionsResponse,
  type Billing,
  type PasswordChanged,
  type PasswordStatus,
  type RemovePasswordRequest,
  type SessionsEnded,
  type SessionsList,
  type SetPasswordRequest,
} from '../../../contract/account.ts';
import { api, apiRequest, parseAnswer } from '../../lib/api.ts';

export const accountKeys = {
  password: ['account', 'password'] as const,
  sessions: ['account', 'sessions'] as const,
  billing: ['account', 'billing'] as const,
};

/** What the dashboard's calls say of an answer they cannot read (parseAnswer). */
export const UNREADABLE = 'The server answered something this page cannot read. Please reload.';

export const passwordStatusQuery = () =>
  queryOptions({
    queryKey: accountKeys.password,
    queryFn: async (): Promise<PasswordStatus> => parseAnswer(passwordStatusResponse, await api.get<unknown>('/account/password'), UNREADABLE),
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async (): Promise<SessionsList> => parseAnswer(sessionsResponse, await api.get<unknown>('/account/sessions'), UNREADABLE),
  });

export const billingQuery = () =>
  queryOptions({
    queryKey: accountKeys.billing,
    queryFn: async (): Promise<Billing> => parseAnswer(billingResponse, await api.get<unknown>('/account/billing'), UNREADABLE),
  });

export const setPasswordRequest = async (body: SetPasswordRequest): Promise<PasswordChanged> =>
  parseAnswer(passwordChangedResponse, await api.put<unknown>('/account/password', body), UNREADABLE);

export const removePasswordRequest = async (body: RemovePasswordRequest): Promise<PasswordChanged> =>
  parseAnswer(passwordChangedResponse, await apiRequest<unknown>('/account/password', { method: 'DELETE', body }), UNREADABLE);

export const endSessionRequest = async (id: string): Promise<SessionsEnded> =>
  parseAnswer(sessionsEndedResponse, await api.delete<unknown>(`/account/sessions/${encodeURIComponent(id)}`), UNREADABLE);

export const endOtherSessionsRequest = async (): Promise<SessionsEnded> =>
  parseAnswer(sessionsEndedResponse, await api.post<unknown>('/account/sessions/end-others'), UNREADABLE);
