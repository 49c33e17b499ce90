-- Admin roles (issue 23 item 1, decision 0027): an owner may use the whole admin area; a results
-- officer only races, entries, heat draws, results and seasons (app/lib/admin/roles.ts has the
-- rules). Every admin that exists when this runs becomes an owner, as does an admin restored from
-- a backup taken before roles existed (the default).
ALTER TABLE admins
  ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'results_officer'));

-- "My sessions" (issue 23 item 6): an admin sees their open sessions by device and address and
-- ends any. Sessions opened before this migration show as an unknown device.
ALTER TABLE admin_sessions
  ADD COLUMN user_agent text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512),
  ADD COLUMN address text NOT NULL DEFAULT '' CHECK (length(address) <= 64);
