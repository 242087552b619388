-- Times are epoch milliseconds (bigint), as everywhere in the wallboard.

CREATE TABLE cdrs (
  from_call_id text NOT NULL,
  from_id text,
  from_user text,
  from_domain text,
  from_name text,
  to_call_id text NOT NULL,
  to_id text,
  to_user text,
  to_domain text,
  to_name text,
  start_time bigint NOT NULL,
  answer_time bigint,
  end_time bigint NOT NULL,
  duration_seconds double precision NOT NULL,
  received_at bigint NOT NULL,
  -- A redelivered CDR has the same legs and start: the key that makes inserts idempotent.
  CONSTRAINT cdrs_pkey PRIMARY KEY (from_call_id, to_call_id, start_time)
);
CREATE INDEX cdrs_end_time_idx ON cdrs (end_time);

-- One company, so at most one upstream subscription.
CREATE TABLE subscription (
  singleton boolean PRIMARY KEY DEFAULT true CONSTRAINT subscription_singleton CHECK (singleton),
  id text NOT NULL,
  post_uri text NOT NULL,
  expires_at bigint NOT NULL,
  state text NOT NULL CONSTRAINT subscription_state CHECK (state IN ('preparing', 'ready')),
  updated_at bigint NOT NULL
);

CREATE TABLE displays (
  id text PRIMARY KEY,
  token_hash text NOT NULL,
  config jsonb NOT NULL,
  created_at bigint NOT NULL,
  last_seen_at bigint,
  status jsonb,
  revoked_at bigint
);
-- Every display socket handshake looks its token up by hash.
CREATE UNIQUE INDEX displays_token_hash_idx ON displays (token_hash);

CREATE TABLE pairings (
  code text PRIMARY KEY,
  token_hash text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  display_id text
);
CREATE INDEX pairings_expires_at_idx ON pairings (expires_at);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb
);
