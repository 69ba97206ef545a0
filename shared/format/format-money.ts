/**
 * The one money formatter of the portal. Amounts are read into integer cents (bigint) and printed from the
 * digits, so no amount ever passes through a float.
 */

/**
 * A money amount: `number` and `bigint` are integer cents (code's own unit); a string is a decimal amount
 * as the API sends `numeric` columns ('1234.50', '0', '12.5').
 */
export type MoneyInput = bigint | number | string | null | undefined;

/**
 * - `usdt`: '1,234.50 USDT' (market pages and tables)
 * - `usd`: '1,234.50 USD' (receipt text)
 * - `usd-symbol`: '$1,234.50' (receipt table, fix tool)
 * - `funds`: '1,234 USDT' for whole amounts, '1,234.50 USDT' otherwise, '0 USDT' when there is no data
 *   (guild funds page)
 * - `plain`: '1234.50' (CSV cells; empty when absent)
 */
export type MoneyStyle = "usdt" | "usd" | "usd-symbol" | "funds" | "plain";

const DECIMAL = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/**
 * Integer cents of an amount, or null when it is absent or not a plain decimal. Strings with more than two
 * decimals are rounded half away from zero.
 */
export function toCents(input: MoneyInput): bigint | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "bigint") return input;
  if (typeof input === "number") return Number.isSafeInteger(input) ? BigInt(input) : null;
  const match = DECIMAL.exec(input.trim());
  if (!match) return null;
  const [, sign, whole = "0", fractionWithWhole, fractionOnly] = match;
  const fraction = fractionWithWhole ?? fractionOnly ?? "";
  let cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  if ((fraction[2] ?? "0") >= "5") cents += 1n;
  return sign === "-" ? -cents : cents;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function fallback(style: MoneyStyle, absent: boolean): string {
  if (style === "plain") return "";
  if (style === "funds" && absent) return "0 USDT";
  return "N/A";
}

/** Formats an amount in one of the portal's money styles (see MoneyStyle). */
export function formatMoney(input: MoneyInput, style: MoneyStyle = "usdt"): string {
  const cents = toCents(input);
  if (cents === null) return fallback(style, input === null || input === undefined);
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  const whole = (magnitude / 100n).toString();
  const fraction = (magnitude % 100n).toString().padStart(2, "0");
  const sign = negative ? "-" : "";
  switch (style) {
    case "plain":
      return `${sign}${whole}.${fraction}`;
    case "usd-symbol":
      return `${sign}$${groupThousands(whole)}.${fraction}`;
    case "usd":
      return `${sign}${groupThousands(whole)}.${fraction} USD`;
    case "funds":
      return fraction === "00"
        ? `${sign}${groupThousands(whole)} USDT`
        : `${sign}${groupThousands(whole)}.${fraction} USDT`;
    case "usdt":
      return `${sign}${groupThousands(whole)}.${fraction} USDT`;
  }
}
