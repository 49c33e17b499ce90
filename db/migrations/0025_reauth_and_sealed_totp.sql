-- Issue 31 items 2 and 18. A session remembers when its admin last proved it was them again
-- (password, app code or passkey): changing a sign-in factor needs that within the last few
-- minutes, so a stolen session cookie alone changes none of them. TOTP secrets are stored
-- sealed (AES-256-GCM, "v1:" then base64url) with a key the database does not hold; existing
-- plain secrets are sealed by the server at start, which has the key.
ALTER TABLE admin_sessions ADD COLUMN reauth_at timestamptz;

ALTER TABLE admins DROP CONSTRAINT admins_totp_secret_check;
ALTER TABLE admins ADD CONSTRAINT admins_totp_secret_check
  CHECK (totp_secret IS NULL OR totp_secret ~ '^[A-Z2-7]{16,128}$' OR (totp_secret ~ '^v1:[A-Za-z0-9_-]+$' AND length(totp_secret) BETWEEN 40 AND 400));

-- 'passkey-reauth': a passkey's challenge when a signed-in admin proves it is them again.
ALTER TABLE admin_pending DROP CONSTRAINT admin_pending_purpose_check;
ALTER TABLE admin_pending ADD CONSTRAINT admin_pending_purpose_check
  CHECK (purpose IN ('second-factor', 'passkey-signin', 'passkey-register', 'passkey-reauth', 'totp-setup'));
