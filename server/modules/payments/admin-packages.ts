import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type AdminPackage, adminPackageInput } from '../../../contract/admin-payments.ts';
import { cmp, normalize } from '../../../contract/decimal.ts';
import { randomToken } from '../../lib/crypto.ts';
import { notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { LinkInput } from './checkout-links.ts';
import type { PaymentsDeps } from './deps.ts';
import { money } from './payment-status.ts';
import * as repo from './repository.ts';
import type { PackageRow } from './repository.ts';

type PackageInput = z.output<typeof adminPackageInput>;

function packageView(p: PackageRow): AdminPackage {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price_usd: money(p.priceUsd),
    credits: normalize(p.credits),
    bonus_credits: normalize(p.bonusCredits),
    sort_order: p.sortOrder,
    is_active: p.isActive,
    payment_link_url: p.stripePaymentLinkUrl,
    created_at: p.createdAt.toISOString(),
  };
}

/** A package's editable fields as the wire names them, for the audit's before/after. */
const packageFields = (p: Pick<AdminPackage, 'name' | 'description' | 'price_usd' | 'credits' | 'bonus_credits' | 'sort_order' | 'is_active'>) => ({
  name: p.name,
  description: p.description,
  price_usd: p.price_usd,
  credits: p.credits,
  bonus_credits: p.bonus_credits,
  sort_order: p.sort_order,
  is_active: p.is_active,
});

/** The fields a Payment Link states (the Stripe product's name carries the name and credits; the price its amount). */
const LINK_FIELDS = ['name', 'price_usd', 'credits', 'bonus_credits'] as const;

/**
 * The credit packages editor. Every write runs in one transaction with its audit row; in Stripe mode a change of what
 * a package sells makes its new Payment Link first and turns the old one off after the save.
 */
export function createAdminPackages(
  deps: Pick<PaymentsDeps, 'db' | 'stripe' | 'audit' | 'log'>,
  helpers: { testMode: boolean; linkInput: LinkInput },
) {
  const { db } = deps;

  /**
   * Writes a package change and its audit row, the row locked and compared as it is then; answers the package as it
   * now is and the Payment Link the change replaced (to turn off once this commits).
   */
  async function savePackage(
    adminId: string,
    action: string,
    id: string,
    exists: boolean,
    next: PackageInput,
    link: { id: string; url: string } | null | undefined,
  ): Promise<{ saved: AdminPackage; replaced: string | null }> {
    const values = {
      name: next.name,
      description: next.description,
      priceUsd: next.price_usd,
      credits: next.credits,
      bonusCredits: next.bonus_credits,
      sortOrder: next.sort_order,
      isActive: next.is_active,
      ...(link === undefined ? {} : { stripePaymentLinkId: link?.id ?? null, stripePaymentLinkUrl: link?.url ?? null }),
    };
    return db.transaction(async (tx) => {
      const current = exists ? await repo.lockPackage(tx, id) : null;
      if (exists && !current) throw notFound('Credit package not found');
      const row = current ? await repo.updatePackage(tx, id, values) : await repo.insertPackage(tx, { ...values, id });
      const after: Record<string, unknown> = packageFields(packageView(row));
      const before: Record<string, unknown> | null = current ? packageFields(packageView(current)) : null;
      const keys = Object.keys(after).filter((k) => !before || before[k] !== after[k]);
      const pick = (from: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, from[k]]));
      const linkBefore = link === undefined ? {} : { stripe_payment_link_id: current?.stripePaymentLinkId ?? null };
      const linkAfter = link === undefined ? {} : { stripe_payment_link_id: link?.id ?? null };
      await deps.audit.record(tx, {
        adminId,
        area: 'settings',
        action,
        targetId: row.id,
        before: before ? { ...pick(before), ...linkBefore } : null,
        after: { ...pick(after), ...linkAfter },
      });
      const replaced = link === undefined ? null : (current?.stripePaymentLinkId ?? null);
      return { saved: packageView(row), replaced: replaced === link?.id ? null : replaced };
    });
  }

  /**
   * In Stripe mode, the Payment Link a package's change needs: a new one (new Price and link, made before anything
   * is saved) when what the link sells changed or an active package has none; null when the package goes inactive
   * (its link off); undefined when the link stays as it is. A Stripe failure here changes nothing.
   */
  async function relink(current: PackageRow | null, next: PackageInput & { id: string }): Promise<{ id: string; url: string } | null | undefined> {
    const stripe = deps.stripe;
    if (!stripe) return undefined;
    const before = current ? packageView(current) : null;
    const sells = before && LINK_FIELDS.some((f) => cmpField(before[f], next[f]));
    const needsNew = next.is_active && (!current?.stripePaymentLinkId || sells);
    if (!needsNew) return current?.stripePaymentLinkId && !next.is_active ? null : undefined;
    try {
      return await stripe.createPaymentLink({
        ...helpers.linkInput({ id: next.id, name: next.name, credits: next.credits, bonusCredits: next.bonus_credits, priceUsd: next.price_usd }),
        revision: randomToken(12),
      });
    } catch (err) {
      deps.log.error({ err, package: next.id }, 'could not make the Stripe Payment Link of a credit package');
      throw serviceUnavailable('Stripe could not update the payment link; nothing was changed. Please try again.');
    }
  }

  /**
   * Turns a Payment Link off, after the change that replaced it was saved (or when that save failed, the link just
   * made for it). A failure is logged with the link, for turning it off by hand: a checkout on it is still credited
   * what the link sold, from its metadata.
   */
  async function turnOff(linkId: string, packageId: string) {
    try {
      await deps.stripe?.deactivatePaymentLink(linkId);
    } catch (err) {
      deps.log.error({ err, package: packageId, link: linkId }, 'could not turn off a Stripe Payment Link; turn it off in the Stripe dashboard');
    }
  }

  /**
   * A package change with the Payment Link relink made for it: saved with its audit row in one transaction, then the
   * link it replaced turned off. When the save fails, the link just made is turned off instead.
   */
  async function saveWithLink(
    adminId: string,
    action: string,
    id: string,
    exists: boolean,
    input: PackageInput,
    link: { id: string; url: string } | null | undefined,
  ): Promise<AdminPackage> {
    let result: Awaited<ReturnType<typeof savePackage>>;
    try {
      result = await savePackage(adminId, action, id, exists, input, link);
    } catch (err) {
      if (link) await turnOff(link.id, id);
      throw err;
    }
    if (result.replaced) await turnOff(result.replaced, id);
    return result.saved;
  }

  return {
    async packages(): Promise<{ packages: AdminPackage[]; test_mode: boolean }> {
      return { packages: (await repo.allPackages(db)).map(packageView), test_mode: helpers.testMode };
    },

    /**
     * A new package, in Stripe mode with its Payment Link made first (the id is chosen here, the link names it), so the
     * audit row shows the link. When Stripe cannot make it the package is still created; the next packages view
     * makes its link (ensurePaymentLinks).
     */
    async createPackage(adminId: string, input: PackageInput): Promise<AdminPackage> {
      const id = randomUUID();
      const link = await relink(null, { ...input, id }).catch(() => undefined); // logged in relink
      return saveWithLink(adminId, 'package.create', id, false, input, link);
    },

    async updatePackage(adminId: string, id: string, input: PackageInput): Promise<AdminPackage> {
      const current = await repo.findPackage(db, id);
      if (!current) throw notFound('Credit package not found');
      return saveWithLink(adminId, 'package.update', id, true, input, await relink(current, { ...input, id }));
    },

    /** Takes a package off sale (kept for the payments that name it); in Stripe mode its link is deactivated. */
    async deactivatePackage(adminId: string, id: string): Promise<AdminPackage> {
      const current = await repo.findPackage(db, id);
      if (!current) throw notFound('Credit package not found');
      const view = packageView(current);
      const input: PackageInput = { ...packageFields(view), is_active: false };
      return saveWithLink(adminId, 'package.deactivate', id, true, input, await relink(current, { ...input, id }));
    },
  };
}

/** Two decimal strings differ (so "5" and "5.00" are the same price). */
function cmpField(a: string, b: string): boolean {
  const numeric = /^-?\d+(\.\d+)?$/;
  return numeric.test(a) && numeric.test(b) ? cmp(a, b) !== 0 : a !== b;
}
