-- Issue 31 items 7 and 8 (decision 0041).

-- Item 8: usernames in one folded form (NFKC, then lower case; app/lib/admin/usernames.ts), unique
-- in that form, so "SecAdmin" and a full-width "ｓecadmin" are both "secadmin". New names must also
-- be of the safe alphabet (the app checks it: an invitation, `npm run admin`, ADMIN_USERNAME);
-- names made before it keep any other character, so nobody is locked out, and sign in as before
-- (the sign-in compares folded input with the folded name). Names that fold to the same form:
-- the one already in it keeps it (else the oldest); each other is renamed "<folded>#<id>" (no
-- valid name holds "#"), which its owner then reads on the Admins screen and signs in with.
DROP INDEX admins_username_key;

WITH folded AS (
  SELECT id, username, lower(normalize(username, NFKC)) AS key FROM admins
), keeper AS (
  SELECT DISTINCT ON (key) id, key FROM folded ORDER BY key, (username = key) DESC, id
)
UPDATE admins a
SET username = CASE WHEN k.id = a.id THEN f.key ELSE f.key || '#' || a.id END, updated_at = now()
FROM folded f JOIN keeper k ON k.key = f.key
WHERE a.id = f.id AND a.username <> CASE WHEN k.id = a.id THEN f.key ELSE f.key || '#' || a.id END;

CREATE UNIQUE INDEX admins_username_key ON admins (lower(normalize(username, NFKC)));

-- Item 7: an invitation ends with its sender. When the owner who sent it is removed, or demoted to
-- a role that could not send it, their pending invitations are ended in the same transaction
-- (app/domain/admin/admins.server.ts); the link then says so and creates no account, and the
-- Admins screen lists it as ended with the reason.
ALTER TABLE admin_links
  ADD COLUMN ended_at timestamptz,
  ADD COLUMN ended_reason text CHECK (ended_reason IN ('sender-removed', 'sender-demoted')),
  ADD CONSTRAINT admin_links_ended_has_reason CHECK ((ended_at IS NULL) = (ended_reason IS NULL));

-- Invitations pending now whose sender is already gone or no longer an owner end here too.
UPDATE admin_links l
SET ended_at = now(), ended_reason = 'sender-removed'
WHERE l.purpose = 'invite' AND l.used_at IS NULL
  AND (l.invited_by IS NULL OR NOT EXISTS (SELECT 1 FROM admins a WHERE a.id = l.invited_by));
UPDATE admin_links l
SET ended_at = now(), ended_reason = 'sender-demoted'
WHERE l.purpose = 'invite' AND l.used_at IS NULL AND l.ended_at IS NULL
  AND EXISTS (SELECT 1 FROM admins a WHERE a.id = l.invited_by AND a.role <> 'owner');
