/**
 * `npm run admin -- <username>`: creates that admin, or sets a new password for it (which also
 * ends its sessions). The password is typed at a hidden prompt, or piped on stdin, never taken
 * from the command line, where shell history and `ps` would keep it. With `--reset-two-factor`
 * it turns off that admin's two-factor sign-in instead (recovery when every factor is lost).
 */
import { adminNamed, checkPasswordStrength, upsertAdmin } from "~/domain/admin/auth.server";
import { resetTwoFactor } from "~/domain/admin/two-factor.server";
import { SHELL_ACTOR } from "~/domain/platform/audit.server";
import type { CliContext, Command } from "~/server/commands/types";
import { safeUsername, USERNAME_MESSAGE } from "~/lib/admin/usernames";

/** One line from stdin; on a terminal the typed characters are not echoed. */
export async function readSecret(prompt: string, input: NodeJS.ReadStream = process.stdin): Promise<string> {
  process.stderr.write(prompt);
  if (!input.isTTY) {
    let buffered = "";
    for await (const chunk of input) {
      buffered += String(chunk);
      if (buffered.includes("\n")) break;
    }
    return buffered.split(/\r?\n/)[0] ?? "";
  }
  return new Promise((resolve, reject) => {
    let value = "";
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const done = (result: string | Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stderr.write("\n");
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done(value);
        if (ch === "\u0003") return done(new Error("cancelled"));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    input.on("data", onData);
  });
}

export async function adminCommand({ db, args, print }: CliContext, read = readSecret): Promise<number> {
  const username = args[0]?.trim();
  const resetTwoFactorFlag = args.length === 2 && args[1] === "--reset-two-factor";
  if (!username || (args.length > 1 && !resetTwoFactorFlag)) {
    print("Usage: npm run admin -- <username> [--reset-two-factor]   (the password is asked for, or read from stdin)");
    return 2;
  }
  if (resetTwoFactorFlag) {
    // For an admin who lost their phone and their recovery codes: they sign in with the password and set it up again.
    const found = await adminNamed(db, username);
    if (!found) {
      print(`No admin is named "${username}".`);
      return 1;
    }
    await resetTwoFactor(db, found.id, SHELL_ACTOR);
    print(
      `Two-factor sign-in of "${found.username}" was reset (authenticator app, recovery codes and passkeys removed); their sessions were ended.`,
    );
    return 0;
  }
  // A new admin's name meets the rule (asked before the password); an existing one's password may be reset whatever its name.
  if (!safeUsername(username) && !(await adminNamed(db, username))) {
    print(`${USERNAME_MESSAGE} Nothing was changed.`);
    return 1;
  }
  const password = await read(`Password for ${username}: `);
  const problem = checkPasswordStrength(password, { username });
  if (problem) {
    print(problem);
    return 1;
  }
  if (process.stdin.isTTY) {
    const again = await read("Repeat the password: ");
    if (again !== password) {
      print("The passwords do not match; nothing was changed.");
      return 1;
    }
  }
  const { admin, created } = await upsertAdmin(db, username, password);
  print(
    created ? `Admin "${admin.username}" created.` : `Password of admin "${admin.username}" changed; their sessions were ended.`,
  );
  return 0;
}

export const admin: Command = {
  summary:
    "admin <username> [--reset-two-factor]  create an admin or set a new password (asked at a prompt or read from stdin); or turn off their two-factor sign-in",
  run: (ctx) => adminCommand(ctx),
};
