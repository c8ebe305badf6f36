-- An Idempotency-Key answers only the request it was first used with: the request's digest (method, path and
-- body) is kept beside it, so the same key sent with another request is refused instead of replaying an
-- unrelated answer. Rows written before this column exist keep NULL and are matched on method and path only.
ALTER TABLE http_idempotency ADD COLUMN IF NOT EXISTS request_hash text;
