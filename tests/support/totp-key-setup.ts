/** Vitest setup file: the domain code run in a test process seals TOTP secrets with the test key. */
import { useTotpKey } from "~/domain/admin/totp-secret.server";
import { TEST_TOTP_KEY } from "./totp-key";

useTotpKey(TEST_TOTP_KEY);
