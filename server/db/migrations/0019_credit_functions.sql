-- Hand-written: the ledger's hot path as SQL functions, so a hold, a capture and a release are each one round trip
-- and one implicit transaction, with their inner statements' plans cached by the session (server/modules/credits).
-- Each locks the hold row first and the account row second (no deadlocks between capture and release).

-- Reserves `amount` only while balance - held covers it, and opens the hold in the same transaction. Answers the new
-- hold's id, or (no hold) the available balance that fell short, null when the user has no account.
CREATE OR REPLACE FUNCTION credit_hold(
  p_user_id uuid, p_amount numeric, p_service_type text, p_service_variant text, p_description text,
  p_created_at timestamptz, p_expires_at timestamptz,
  OUT hold_id uuid, OUT available text
) LANGUAGE plpgsql AS $$
BEGIN
  UPDATE credit_accounts SET held = held + p_amount, updated_at = p_created_at
  WHERE user_id = p_user_id AND balance - held >= p_amount;
  IF FOUND THEN
    INSERT INTO credit_holds (user_id, amount, status, service_type, service_variant, description, created_at, expires_at)
    VALUES (p_user_id, p_amount, 'open', p_service_type, p_service_variant, p_description, p_created_at, p_expires_at)
    RETURNING id INTO hold_id;
  ELSE
    SELECT (balance - held)::text INTO available FROM credit_accounts WHERE user_id = p_user_id;
  END IF;
END $$;
--> statement-breakpoint

-- Captures an open hold: charges at most its amount (the real cost when p_max_charge is given), gives the rest back,
-- and appends the `usage` ledger row (key hold:<id>) with the balance after, when the charge is not zero.
-- outcome: 'captured' (this call did), 'already_captured', 'released', or null (no such hold); charged: the amount.
CREATE OR REPLACE FUNCTION credit_capture(
  p_hold_id uuid, p_max_charge numeric, p_description text, p_generation_type text, p_now timestamptz,
  OUT outcome text, OUT charged text
) LANGUAGE plpgsql AS $$
DECLARE
  h credit_holds%ROWTYPE;
  new_balance numeric;
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
  SET balance = balance - h.captured_amount, held = held - h.amount,
    lifetime_used = lifetime_used + h.captured_amount, updated_at = p_now
  WHERE user_id = h.user_id
  RETURNING balance INTO new_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no credit account for %', h.user_id;
  END IF;
  IF h.captured_amount > 0 THEN
    INSERT INTO credit_ledger (user_id, type, amount, balance_after, description, generation_type, idempotency_key, created_at)
    VALUES (h.user_id, 'usage', -h.captured_amount, new_balance, coalesce(p_description, h.description),
      coalesce(p_generation_type, h.service_type), 'hold:' || h.id, p_now);
  END IF;
  outcome := 'captured';
  charged := h.captured_amount::text;
END $$;
--> statement-breakpoint

-- Gives an open hold back in full. Answers the released hold, or no row when it was not open.
CREATE OR REPLACE FUNCTION credit_release(p_hold_id uuid, p_now timestamptz) RETURNS SETOF credit_holds
LANGUAGE plpgsql AS $$
DECLARE
  h credit_holds%ROWTYPE;
BEGIN
  UPDATE credit_holds SET status = 'released', captured_amount = NULL, settled_at = p_now
  WHERE id = p_hold_id AND status = 'open'
  RETURNING * INTO h;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE credit_accounts SET held = held - h.amount, updated_at = p_now WHERE user_id = h.user_id;
  RETURN NEXT h;
END $$;
