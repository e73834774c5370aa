/** The gallery's delete calls, shared by the gallery and the morpher's history (one endpoint, one client). */
import { clearFilesResponse, deleteFileResponse } from '../../contract/files.ts';
import { api, parseAnswer } from './api.ts';

/** DELETE /api/files/delete/{id}: one of my files. */
export async function deleteFileRequest(id: string, failure: string): Promise<{ deleted: true }> {
  return parseAnswer(deleteFileResponse, await api.delete<unknown>(`/files/delete/${encodeURIComponent(id)}`), failure);
}

/** DELETE /api/files/clear[?tool=…]: all my images, or one tool's. */
export async function clearFilesRequest(tool: string | null, failure: string): Promise<{ deleted: number }> {
  return parseAnswer(clearFilesResponse, await api.delete<unknown>('/files/clear', { query: { tool: tool ?? undefined } }), failure);
}
