-- A race with saved results is completed (issue 32): results saved before this rule left some
-- races "upcoming", so the results archive, the home page and the entry form missed them.
-- Cancelled races stay cancelled.
UPDATE races SET status = 'completed'
WHERE status = 'upcoming' AND EXISTS (SELECT 1 FROM race_results WHERE race_results.race_id = races.id);
