/**
 * A check-in's short code (decision 079): 6 characters drawn evenly from the alphabet without lookalikes, from the
 * runtime's cryptographic source (the same on Node and Workers). Unique among open check-ins: the insert retries.
 */
import { CHECK_IN_CODE_ALPHABET, CHECK_IN_CODE_LENGTH } from "@shared/schemas/check-ins.ts";

/** The largest multiple of the alphabet's size below 256: bytes at or above it are drawn again (no bias). */
const FAIR_LIMIT = 256 - (256 % CHECK_IN_CODE_ALPHABET.length);

export function newCheckInCode(): string {
  let code = "";
  while (code.length < CHECK_IN_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CHECK_IN_CODE_LENGTH * 2))) {
      if (byte >= FAIR_LIMIT || code.length === CHECK_IN_CODE_LENGTH) continue;
      code += CHECK_IN_CODE_ALPHABET[byte % CHECK_IN_CODE_ALPHABET.length];
    }
  }
  return code;
}
