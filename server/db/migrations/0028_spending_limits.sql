ALTER TABLE "credit_accounts" ADD COLUMN "monthly_cap" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "low_balance_alert" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "low_balance_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "spent_month" date;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "spent_in_month" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "monthly_cap" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spent_month" date;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spent_in_month" numeric(14, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_holds_open_key_idx" ON "credit_holds" USING btree ("api_key_id") WHERE "credit_holds"."status" = 'open' and "credit_holds"."api_key_id" is not null;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_limits_nonneg" CHECK ("credit_accounts"."monthly_cap" >= 0 and "credit_accounts"."low_balance_alert" >= 0);--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_monthly_cap_nonneg" CHECK ("api_keys"."monthly_cap" >= 0);--> statement-breakpoint

-- Hand-written: spending limits on the ledger's hot path (server/modules/credits, migration 0019's functions).
-- What was captured this month so far, for the spending caps: from the ledger's usage lines of this calendar month
-- (UTC); captures keep it from here on.
UPDATE credit_accounts a SET spent_month = date_trunc('month', now() AT TIME ZONE 'UTC')::date, spent_in_month = s.total
FROM (
  SELECT user_id, -sum(amount) AS total FROM credit_ledger
  WHERE type = 'usage' AND user_id IS NOT NULL AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
  GROUP BY user_id
) s
WHERE a.user_id = s.user_id;
--> statement-breakpoint

DROP FUNCTION credit_hold(uuid, numeric, text, text, text, timestamptz, timestamptz);
--> statement-breakpoint

-- Reserves `amount` only while balance - held covers it and no monthly cap would be passed, and opens the hold in the
-- same transaction. A cap counts this month's captures and every open hold (work under way is spending): the
-- account's cap its own, the key's cap those made with the key. The account row is locked first, so holds of one
-- user are checked one at a time. Answers the new hold's id; or the available balance that fell short (null: no
-- account); or, when a cap stops it, which one ('account' or 'key'), the cap and what counts against it.
CREATE FUNCTION credit_hold(
  p_user_id uuid, p_amount numeric, p_service_type text, p_service_variant text, p_description text,
  p_created_at timestamptz, p_expires_at timestamptz, p_api_key_id uuid,
  OUT hold_id uuid, OUT available text, OUT capped text, OUT cap text, OUT spent text
) LANGUAGE plpgsql AS $$
DECLARE
  this_month date := date_trunc('month', p_created_at AT TIME ZONE 'UTC')::date;
  a credit_accounts%ROWTYPE;
  key_cap numeric;
  key_spent numeric;
BEGIN
  IF p_amount > 0 THEN
    SELECT * INTO a FROM credit_accounts WHERE user_id = p_user_id FOR UPDATE;
    IF a.monthly_cap IS NOT NULL
      AND (CASE WHEN a.spent_month = this_month THEN a.spent_in_month ELSE 0 END) + a.held + p_amount > a.monthly_cap THEN
      capped := 'account';
      cap := a.monthly_cap::text;
      spent := (CASE WHEN a.spent_month = this_month THEN a.spent_in_month ELSE 0 END + a.held)::text;
      RETURN;
    END IF;
    IF p_api_key_id IS NOT NULL THEN
      SELECT k.monthly_cap, CASE WHEN k.spent_month = this_month THEN k.spent_in_month ELSE 0 END
      INTO key_cap, key_spent FROM api_keys k WHERE k.id = p_api_key_id;
      IF key_cap IS NOT NULL THEN
        key_spent := key_spent + coalesce((SELECT sum(amount) FROM credit_holds WHERE api_key_id = p_api_key_id AND status = 'open'), 0);
        IF key_spent + p_amount > key_cap THEN
          capped := 'key';
          cap := key_cap::text;
          spent := key_spent::text;
          RETURN;
        END IF;
      END IF;
    END IF;
  END IF;
  UPDATE credit_accounts SET held = held + p_amount, updated_at = p_created_at
  WHERE user_id = p_user_id AND balance - held >= p_amount;
  IF FOUND THEN
    INSERT INTO credit_holds (user_id, amount, status, service_type, service_variant, description, created_at, expires_at, api_key_id)
    VALUES (p_user_id, p_amount, 'open', p_service_type, p_service_variant, p_description, p_created_at, p_expires_at, p_api_key_id)
    RETURNING id INTO hold_id;
  ELSE
    SELECT (balance - held)::text INTO available FROM credit_accounts WHERE user_id = p_user_id;
  END IF;
END $$;
--> statement-breakpoint

DROP FUNCTION credit_capture(uuid, numeric, text, text, timestamptz);
--> statement-breakpoint

-- Captures an open hold (migration 0019), and counts the charge in this month's spending of the account and of the
-- key that made the hold. low_balance: the account's alert threshold, when this charge took the balance from at
-- least it to below it (once per crossing: the next crossing needs the balance back up first); low_balance_since
-- records when.
CREATE FUNCTION credit_capture(
  p_hold_id uuid, p_max_charge numeric, p_description text, p_generation_type text, p_now timestamptz,
  OUT outcome text, OUT charged text, OUT low_balance text, OUT balance text
) LANGUAGE plpgsql AS $$
DECLARE
  h credit_holds%ROWTYPE;
  this_month date := date_trunc('month', p_now AT TIME ZONE 'UTC')::date;
  new_balance numeric;
  alert numeric;
BEGIN
  UPDATE credit_holds
  SET status = 'captured', captured_amount = least(coalesce(p_max_charge, amount), amount), settled_at = p_now
  WHERE id = p_hold_id AND status = 'open'
  RETURNING * INTO h;
  IF NOT FOUND THEN
    -- A repeat or a lost race: a new snapshot shows what the hold became.
    SELECT CASE WHEN status = 'captured' THEN 'already_captured' ELSE status END, captured_amount::text
    INTO outcome, charged FROM credit_holds WHERE id = p_hold_id;
    RETURN;
  END IF;
  UPDATE credit_accounts
  SET balance = credit_accounts.balance - h.captured_amount, held = held - h.amount,
    lifetime_used = lifetime_used + h.captured_amount, updated_at = p_now,
    spent_in_month = CASE WHEN spent_month = this_month THEN spent_in_month ELSE 0 END + h.captured_amount, spent_month = this_month,
    low_balance_since = CASE
      WHEN credit_accounts.balance >= low_balance_alert AND credit_accounts.balance - h.captured_amount < low_balance_alert THEN p_now
      ELSE low_balance_since END
  WHERE user_id = h.user_id
  RETURNING credit_accounts.balance, low_balance_alert INTO new_balance, alert;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no credit account for %', h.user_id;
  END IF;
  IF h.captured_amount > 0 THEN
    INSERT INTO credit_ledger (user_id, type, amount, balance_after, description, generation_type, idempotency_key, created_at)
    VALUES (h.user_id, 'usage', -h.captured_amount, new_balance, coalesce(p_description, h.description),
      coalesce(p_generation_type, h.service_type), 'hold:' || h.id, p_now);
    IF h.api_key_id IS NOT NULL THEN
      UPDATE api_keys
      SET spent_in_month = CASE WHEN spent_month = this_month THEN spent_in_month ELSE 0 END + h.captured_amount, spent_month = this_month
      WHERE id = h.api_key_id;
    END IF;
    IF alert IS NOT NULL AND new_balance < alert AND new_balance + h.captured_amount >= alert THEN
      low_balance := alert::text;
    END IF;
  END IF;
  outcome := 'captured';
  charged := h.captured_amount::text;
  balance := new_balance::text;
END $$;
