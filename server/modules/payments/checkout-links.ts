import { APP_NAME } from '../../../contract/constants.ts';
import type { CreditPackage } from '../../../contract/credits.ts';
import { add, cmp, fromUnits, normalize, toUnits } from '../../../contract/decimal.ts';
import type { CheckoutSessionLike } from '../../providers/payments/stripe.ts';
import type { PaymentsDeps } from './deps.ts';
import * as repo from './repository.ts';
import type { PackageRow } from './repository.ts';

/**
 * Where a checkout is opened: a package's Stripe Payment Link (made here, with what it sells in its metadata), or
 * in test mode the built-in test checkout's page.
 */

/** The Payment Link (so Checkout Session) metadata keys that carry what the link sold. */
const SOLD_CREDITS = 'credits';
const SOLD_BONUS = 'bonus_credits';
const CREDIT_AMOUNT = /^\d{1,7}(\.\d{1,4})?$/;

/**
 * What a checkout sold: the credits and bonus credits its Payment Link carried in its metadata (Stripe copies them
 * onto the session), so an edit of the package between opening and paying changes nothing; the package's own for
 * a session without them (a link made before links carried them, the test checkout).
 */
export function soldBy(session: CheckoutSessionLike, pkg: PackageRow): { credits: string; bonusCredits: string } {
  const credits = session.metadata?.[SOLD_CREDITS];
  const bonus = session.metadata?.[SOLD_BONUS];
  if (credits && bonus && CREDIT_AMOUNT.test(credits) && CREDIT_AMOUNT.test(bonus) && cmp(credits, '0') > 0) {
    return { credits: normalize(credits), bonusCredits: normalize(bonus) };
  }
  return { credits: pkg.credits, bonusCredits: pkg.bonusCredits };
}

export function createCheckoutLinks(deps: Pick<PaymentsDeps, 'db' | 'stripe' | 'publicUrl' | 'log'>) {
  const { db } = deps;
  const testMode = deps.stripe === null;
  const returnUrl = `${deps.publicUrl.replace(/\/$/, '')}/payments/return?session_id={CHECKOUT_SESSION_ID}`;

  /** A package as a buyer sees it, with the link that opens its checkout for this buyer. */
  function packageView(pkg: PackageRow, user: { id: string; email: string }): CreditPackage {
    let link = '';
    if (testMode) link = `/checkout/test/${pkg.id}`;
    else if (pkg.stripePaymentLinkUrl) {
      const url = new URL(pkg.stripePaymentLinkUrl);
      url.searchParams.set('client_reference_id', user.id);
      url.searchParams.set('prefilled_email', user.email);
      link = url.toString();
    }
    return {
      uuid: pkg.id,
      name: pkg.name,
      description: pkg.description,
      price_usd: normalize(pkg.priceUsd),
      credits: normalize(pkg.credits),
      bonus_credits: normalize(pkg.bonusCredits),
      payment_link: link,
      test_mode: testMode,
    };
  }

  /**
   * What a package's Payment Link sells: its name and credits on the Stripe product, its price in cents, and its
   * credits and bonus credits in the link's metadata (copied onto every Checkout Session opened on it), so a session
   * opened before the package changed is credited what it was sold.
   */
  const linkInput = (pkg: Pick<PackageRow, 'id' | 'name' | 'credits' | 'bonusCredits' | 'priceUsd'>) => ({
    packageId: pkg.id,
    name: `${APP_NAME} ${pkg.name}: ${fromUnits(toUnits(add(pkg.credits, pkg.bonusCredits)), 2)} credits`,
    amountCents: Number(toUnits(pkg.priceUsd) / 100n),
    returnUrl,
    metadata: { [SOLD_CREDITS]: normalize(pkg.credits), [SOLD_BONUS]: normalize(pkg.bonusCredits) },
  });

  /**
   * Creates a Stripe Payment Link for every active package that has none. Calls that overlap share one
   * run, so buyers opening the page together on a fresh deployment do not each make a set of links.
   */
  let linking: Promise<number> | null = null;
  function ensurePaymentLinks(): Promise<number> {
    linking ??= makePaymentLinks().finally(() => {
      linking = null;
    });
    return linking;
  }

  async function makePaymentLinks(): Promise<number> {
    if (!deps.stripe) return 0;
    let made = 0;
    for (const pkg of await repo.packagesWithoutLink(db)) {
      const link = await deps.stripe.createPaymentLink(linkInput(pkg));
      await repo.setPaymentLink(db, pkg.id, link);
      made++;
    }
    return made;
  }

  return {
    testMode,
    packageView,
    linkInput,
    ensurePaymentLinks,

    /** The packages on sale, each with its link (in Stripe mode, the links still missing are made first). */
    async packages(user: { id: string; email: string }): Promise<CreditPackage[]> {
      if (deps.stripe && (await repo.packagesWithoutLink(db)).length > 0) {
        await ensurePaymentLinks().catch((err) => deps.log.error({ err }, 'could not create Stripe Payment Links'));
      }
      return (await repo.activePackages(db)).map((p) => packageView(p, user));
    },
  };
}

export type CheckoutLinks = ReturnType<typeof createCheckoutLinks>;
export type LinkInput = CheckoutLinks['linkInput'];
