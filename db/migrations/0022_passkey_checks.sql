-- Migration 0020's CHECKs on admin_passkeys used regular-expression bounds above PostgreSQL's
-- limit of 255 repetitions ({16,1400}, {16,2000}): the expressions compile only when a row is
-- checked, so the table was created, but every insert failed ("invalid repetition count").
-- The same rules, as an alphabet check and a length check.
ALTER TABLE admin_passkeys
  DROP CONSTRAINT admin_passkeys_credential_id_check,
  DROP CONSTRAINT admin_passkeys_public_key_check,
  ADD CONSTRAINT admin_passkeys_credential_id_check
    CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND length(credential_id) BETWEEN 16 AND 1400),
  ADD CONSTRAINT admin_passkeys_public_key_check
    CHECK (public_key ~ '^[A-Za-z0-9_-]+$' AND length(public_key) BETWEEN 16 AND 2000);
