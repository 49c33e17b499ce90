-- Duty reminders (issue 36 item 2, decision 0058): a racer on duty is reminded 7 days and 1 day
-- before the race unless they said no (the preferences page, or any race e-mail's one-click
-- unsubscribe). On by default: taking a duty is asking to be told when it comes, unlike the race
-- e-mails of decision 0022, which nobody gets without ticking the box.
ALTER TABLE competitors ADD COLUMN duty_reminders boolean NOT NULL DEFAULT true;
