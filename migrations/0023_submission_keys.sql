-- 0023 a submission sent twice is stored once (issue 22): the public forms may carry an
-- idempotency key (the phone's offline queue gives each form one and sends it again until the
-- server answers). The key is claimed in the same transaction as the submission's insert, as
-- the caller: a second send with the same key finds it claimed and stores nothing; a send
-- whose insert is refused rolls its claim back with it, so the visitor can try again. Two sends
-- racing: the second waits for the first to commit or roll back. Keys are kept a week (the
-- hourly sweep removes older ones).

CREATE TABLE kanisa.submission_keys (
  key        text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT submission_keys_pkey PRIMARY KEY (key),
  CONSTRAINT submission_keys_key_check CHECK (key ~ '^[A-Za-z0-9_-]{8,100}$')
);
CREATE INDEX submission_keys_created_at_idx ON kanisa.submission_keys (created_at);
REVOKE ALL ON kanisa.submission_keys FROM PUBLIC;

-- true when this transaction claimed the key, false when it was already claimed.
CREATE FUNCTION auth.claim_submission_key(submission_key text) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  INSERT INTO kanisa.submission_keys (key) VALUES (submission_key) ON CONFLICT DO NOTHING;
  RETURN FOUND;
END
$$;
REVOKE ALL ON FUNCTION auth.claim_submission_key(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.claim_submission_key(text) TO anon, authenticated;
COMMENT ON FUNCTION auth.claim_submission_key(text) IS
  'Claims a public form''s idempotency key in the caller''s transaction: true the first time, false when a submission with this key was already stored.';
