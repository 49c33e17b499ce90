import { createContext, useContext } from "react";

/** The CSP nonce of the current server response ("" in the browser, where scripts already run). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

/**
 * Radix's dialog injects a <style> computed at run time; it reads the nonce from the global
 * `__webpack_nonce__`. Our scripts carry the page's nonce, so hand that on (the CSP has no
 * 'unsafe-inline' for styles).
 */
export function shareNonceWithStyleInjectors() {
  if (typeof document === "undefined") return;
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
