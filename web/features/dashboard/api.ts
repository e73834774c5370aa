/** The dashboard's own call: saving the profile (spec 1 §7). */
import { updateProfileResponse, type UpdateProfileResult } from '../../../contract/auth.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { api, parseAnswer } from '../../lib/api.ts';

export interface ProfileChanges {
  name?: string;
  email?: string;
}

/** PUT /api/auth/profile: a new email waits for the link sent to it (`pending_email`, `message`). */
export const updateProfileRequest = async (changes: ProfileChanges): Promise<UpdateProfileResult> =>
  parseAnswer(updateProfileResponse, await api.put<unknown>('/auth/profile', changes), CLIENT_MESSAGES.profileSaveFailed);

