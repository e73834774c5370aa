/** Where the app serves a stored file: inline (results, gallery images at full size) or as a download. */
export const fileServeUrl = (uuid: string) => `/api/files/serve/${encodeURIComponent(uuid)}`;
export const fileDownloadUrl = (uuid: string) => `/api/files/download/${encodeURIComponent(uuid)}`;
