import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { telegramLinks, telegramLinkTokens, telegramUpdates, type TelegramLinkRow } from '../../db/schema/index.ts';
export { emailOf } from '../../db/user-rows.ts';

export async function insertToken(db: DbOrTx, values: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.insert(telegramLinkTokens).values(values);
}

/** Marks a live, unused token used and answers its user; null when unknown, used or expired (one statement: once only). */
export async function consumeToken(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(telegramLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(telegramLinkTokens.tokenHash, tokenHash), isNull(telegramLinkTokens.usedAt), gt(telegramLinkTokens.expiresAt, now)))
    .returning({ userId: telegramLinkTokens.userId });
  return row?.userId ?? null;
}

export async function linkOf(db: DbOrTx, userId: string): Promise<TelegramLinkRow | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row;
}

export async function linkByChat(db: DbOrTx, chatId: string): Promise<TelegramLinkRow | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.chatId, chatId));
  return row;
}

/** Links a chat to a user: the user's previous chat and the chat's previous user are unlinked first. */
export async function link(db: DbOrTx, values: { userId: string; chatId: string; telegramUserId: string | null; telegramUsername: string | null; now: Date }): Promise<void> {
  await db.delete(telegramLinks).where(or(eq(telegramLinks.userId, values.userId), eq(telegramLinks.chatId, values.chatId)));
  await db.insert(telegramLinks).values({
    userId: values.userId,
    chatId: values.chatId,
    telegramUserId: values.telegramUserId,
    telegramUsername: values.telegramUsername,
    connectedAt: values.now,
    updatedAt: values.now,
  });
}

export async function unlink(db: DbOrTx, userId: string): Promise<boolean> {
  const gone = await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning({ userId: telegramLinks.userId });
  return gone.length > 0;
}

export async function setRefineType(db: DbOrTx, userId: string, refineType: string, now: Date): Promise<void> {
  await db.update(telegramLinks).set({ refineType, updatedAt: now }).where(eq(telegramLinks.userId, userId));
}

/** Records an update as taken; false when it was taken before (a replayed webhook, a repeated poll). */
export async function takeUpdate(db: DbOrTx, updateId: number): Promise<boolean> {
  const rows = await db.insert(telegramUpdates).values({ updateId }).onConflictDoNothing().returning({ updateId: telegramUpdates.updateId });
  return rows.length > 0;
}
