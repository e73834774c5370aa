/** Saves a blob as a download with this name (an object URL clicked through a detached link). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the browser reads the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The file name of a `content-disposition: attachment; filename="…"` header, or null. */
export function attachmentName(header: string | null): string | null {
  const match = /filename="([^"]+)"/i.exec(header ?? '');
  return match ? match[1]! : null;
}
