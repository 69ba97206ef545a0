/**
 * The payout method last used on this device ("USDT TRC20"), offered as the next payout's method: a guild
 * usually pays the same way every time. Kept in localStorage; nothing breaks when storage is unavailable.
 */
const KEY = "guild-portal:last-payout-method";

export function rememberedMethod(): string {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

export function rememberMethod(method: string): void {
  const value = method.trim();
  if (value === "") return;
  try {
    globalThis.localStorage?.setItem(KEY, value);
  } catch {
    // Private mode or a full disk: the next payout just starts empty.
  }
}
