-- 0049 What was read from a provider's callback, kept beside it (issue 43).
--
-- A prompt's result is read once, by the provider's crate, when it arrives: what was read (the
-- outcome, code, receipt, amount, phone and parameters, in the shape kanisa-payments' serialised
-- PaymentResult gives it) is kept with the raw payload, and the job that settles the payment and
-- the look for a confirmed success's receipt read that, never the provider's payload again. The
-- payload stays as received, for the audit trail. Events kept before this have no result: their
-- payload is read as it was.

ALTER TABLE kanisa.payment_events ADD COLUMN result jsonb;
COMMENT ON COLUMN kanisa.payment_events.result IS
  'A prompt result''s reading (kanisa-payments'' PaymentResult) when the callback was kept to be applied; NULL for other events and those kept before 0049.';
