import { describe, expect, it } from "vitest";
import { backupFileName, formatBytes, isBackupName, isBackupStale, noMailServerWarning } from "~/lib/admin/overview";

describe("admin overview rules", () => {
  it("the no-mail-server warning counts the e-mails it holds back", () => {
    expect(noMailServerWarning(12)).toBe("12 e-mails have not been sent: the site has no mail server");
    expect(noMailServerWarning(1)).toBe("1 e-mail has not been sent: the site has no mail server");
    expect(noMailServerWarning(0)).toBe("The site has no mail server: its e-mails will wait in the outbox");
  });

  it("a backup is stale when none exists or the newest is more than two days old", () => {
    const now = new Date("2026-06-15T12:00:00Z");
    expect(isBackupStale(null, now)).toBe(true);
    expect(isBackupStale(new Date("2026-06-13T11:59:00Z"), now)).toBe(true);
    expect(isBackupStale(new Date("2026-06-13T12:01:00Z"), now)).toBe(false);
  });

  it("only the names the server writes are backups: no separator, no dot-dot", () => {
    expect(isBackupName(backupFileName("backup", new Date("2026-06-15T03:00:00.123Z")))).toBe(true);
    expect(isBackupName(backupFileName("restore-point", new Date("2026-06-15T03:00:00.123Z")))).toBe(true);
    for (const name of [
      "../club-backup-x.json.gz",
      "club-backup-../../etc.json.gz",
      "club-backup-2026/01.json.gz",
      "notes.txt",
      "club-backup-2026-06-15.json.gz.partial",
    ])
      expect(isBackupName(name), name).toBe(false);
  });

  it("sizes read as people read them", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(2500)).toBe("2.5 kB");
    expect(formatBytes(850_000)).toBe("850 kB");
    expect(formatBytes(1_234_567)).toBe("1.2 MB");
  });
});
