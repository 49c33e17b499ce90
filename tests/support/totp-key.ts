/**
 * The TOTP encryption key of every test process and every server a test starts (a fixed test
 * value: never a real club's). tests/support/totp-key-setup.ts sets it for domain calls made in
 * Vitest's processes; startTestSite and startServer hand it to the site.
 */
export const TEST_TOTP_KEY_TEXT = "dGVzdC1rZXktb2YtdGhlLWJvYXQtY2x1Yi10ZXN0cyE=";
export const TEST_TOTP_KEY = Buffer.from(TEST_TOTP_KEY_TEXT, "base64");
