-- Admin accounts a club can trust (issue 23 items 2-4, decision 0030): an e-mail address for
-- invitations and password resets, the last sign-in, two-factor sign-in (TOTP with recovery
-- codes, passkeys), single-use mailed links, the short-lived state between the password and the
-- second factor, and the club's security settings.

-- email: required for new admins (the invitation sets it); admins that exist when this runs are
-- asked for theirs at sign-in. totp_last_step: the 30-second step of the last code accepted;
-- a code is accepted only for a later step, so a code is never accepted twice.
ALTER TABLE admins
  ADD COLUMN email text CHECK (email IS NULL OR (length(email) BETWEEN 3 AND 254 AND position('@' IN email) > 1)),
  ADD COLUMN last_sign_in_at timestamptz,
  ADD COLUMN totp_secret text CHECK (totp_secret IS NULL OR totp_secret ~ '^[A-Z2-7]{16,128}$'),
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0,
  ADD CONSTRAINT admins_totp_enabled_has_secret CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL);
CREATE UNIQUE INDEX admins_email_key ON admins (lower(email));

-- Ten single-use recovery codes per admin with TOTP on; only their hashes.
CREATE TABLE admin_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX admin_recovery_codes_admin_idx ON admin_recovery_codes (admin_id);

-- Passkeys (WebAuthn credentials): a sign-in that counts as two factors.
CREATE TABLE admin_passkeys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  credential_id text NOT NULL CHECK (length(credential_id) BETWEEN 16 AND 1400 AND credential_id ~ '^[A-Za-z0-9_-]+$'),
  public_key text NOT NULL CHECK (length(public_key) BETWEEN 16 AND 2000 AND public_key ~ '^[A-Za-z0-9_-]+$'),
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL DEFAULT '' CHECK (length(name) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE UNIQUE INDEX admin_passkeys_credential_key ON admin_passkeys (credential_id);
CREATE INDEX admin_passkeys_admin_idx ON admin_passkeys (admin_id);

-- Single-use links mailed to admins: an invitation (72 hours; the admin does not exist yet, the
-- link carries the e-mail and role) or a password reset (30 minutes; for admin_id). Token hashes only.
CREATE TABLE admin_links (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  purpose text NOT NULL CHECK (purpose IN ('invite', 'reset')),
  admin_id integer REFERENCES admins (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  role text CHECK (role IN ('owner', 'results_officer')),
  invited_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK ((purpose = 'invite' AND role IS NOT NULL) OR (purpose = 'reset' AND admin_id IS NOT NULL))
);
CREATE INDEX admin_links_expires_idx ON admin_links (expires_at);
CREATE INDEX admin_links_email_idx ON admin_links (lower(email));

-- Short-lived sign-in states that are not sessions: the password was right and the second factor
-- is awaited ('second-factor'); a passkey sign-in or registration awaits the authenticator's answer
-- ('passkey-signin', 'passkey-register', with its WebAuthn challenge); a TOTP secret shown as a
-- QR code awaits its first code ('totp-setup'). The browser holds a random id; only its hash is here.
CREATE TABLE admin_pending (
  id_hash text PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  purpose text NOT NULL CHECK (purpose IN ('second-factor', 'passkey-signin', 'passkey-register', 'totp-setup')),
  admin_id integer REFERENCES admins (id) ON DELETE CASCADE,
  challenge text,
  secret text,
  user_agent text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512),
  address text NOT NULL DEFAULT '' CHECK (length(address) <= 64),
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_pending_expires_idx ON admin_pending (expires_at);

-- The club's settings, one row per key (issue 24 adds the club's words and links here). Kept in backups.
CREATE TABLE club_settings (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_.-]{0,63}$'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
