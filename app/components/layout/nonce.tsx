import { createContext, useContext } from "react";

/** The CSP nonce of the current server response ("" in the browser, where scripts already run). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
