import { createContext, useContext } from "react";

/**
 * This request's Content-Security-Policy nonce (worker/lib/security-headers.ts), for the inline
 * scripts Remix renders. Provided by entry.server; in the browser it is empty, which is what the
 * browser itself reports for a nonce attribute after reading it.
 */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
