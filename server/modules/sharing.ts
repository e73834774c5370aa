import { notFound } from '../lib/errors.ts';
import { randomToken } from '../lib/crypto.ts';

/** What files and content items have in common: an owner, a visibility and a share token. */
export interface Shareable<Id> {
  id: Id;
  userId: string;
  isPublic: boolean;
  shareToken: string | null;
}

export interface SharingStore<Id, Row extends Shareable<Id>> {
  find(id: Id): Promise<Row | undefined>;
  update(id: Id, values: { isPublic?: boolean; shareToken?: string }): Promise<Row | undefined>;
  increment(id: Id, counter: 'viewCount' | 'shareCount'): Promise<number>;
}

/**
 * Visibility and sharing, one implementation for every kind of item: the owner changes and shares, anyone may
 * read a public item, and another user's private item is indistinguishable from a missing one (404).
 * Share tokens are 128-bit.
 */
export function createSharing<Id, Row extends Shareable<Id>>(opts: {
  store: SharingStore<Id, Row>;
  /** Public page of an item, e.g. `${base}/file/${id}`. */
  pageUrl(row: Row): string;
  notFoundMessage: string;
}) {
  const { store } = opts;
  const token = () => randomToken(16);

  async function visible(id: Id, viewerId: string | null): Promise<Row> {
    const row = await store.find(id);
    if (!row || (row.userId !== viewerId && !row.isPublic)) throw notFound(opts.notFoundMessage);
    return row;
  }

  async function own(id: Id, userId: string): Promise<Row> {
    const row = await store.find(id);
    if (!row || row.userId !== userId) throw notFound(opts.notFoundMessage);
    return row;
  }

  return {
    visible,
    own,
    async toggleVisibility(userId: string, id: Id): Promise<{ is_public: boolean }> {
      const row = await own(id, userId);
      const updated = await store.update(id, { isPublic: !row.isPublic, shareToken: row.shareToken ?? token() });
      return { is_public: updated!.isPublic };
    },
    async shareUrl(userId: string, id: Id): Promise<{ share_url: string; is_public: boolean }> {
      const row = await own(id, userId);
      const shareToken = row.shareToken ?? (await store.update(id, { shareToken: token() }))!.shareToken!;
      return { share_url: `${opts.pageUrl(row)}?s=${shareToken}`, is_public: row.isPublic };
    },
    /** Counts a share of an item the caller may see. */
    async recordShare(id: Id, viewerId: string | null): Promise<{ share_count: number }> {
      await visible(id, viewerId);
      return { share_count: await store.increment(id, 'shareCount') };
    },
    /** Counts a view by anyone but the owner; answers the view count. */
    async countView(row: Row & { viewCount: number }, viewerId: string | null): Promise<number> {
      return row.userId === viewerId ? row.viewCount : store.increment(row.id, 'viewCount');
    },
  };
}
