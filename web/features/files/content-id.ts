/** A content id is a positive whole number (spec 3 §2 Content page); anything else sends the visitor home. */
const MAX_ID = 2_147_483_647;

export function parseContentId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
