/**
 * The portal's one money module. One meaning per type:
 * - code computes in integer cents (`Cents`, a safe integer number);
 * - the wire and the database carry decimal text (`MoneyText`, '1234.50');
 * - a JS number that arrives as an amount (a JSON body, a number field) is a decimal amount, and is turned
 *   into its text at that boundary with `decimalTextOf` before it is read.
 * Amounts are read and printed digit by digit, so no amount ever passes through a float. Dividing money is
 * `splitByWeights` (split-by-weights.ts).
 */

/** Integer cents: the unit all code computes in. Always a safe integer. */
export type Cents = number;
/** A decimal amount as the wire and the database carry it: '1234.50', '0', '12.5'. */
export type MoneyText = string;

/** Why a text is not a money amount. */
export type MoneyParseReason = "not-a-number" | "too-many-decimals" | "too-large";

/** What `parseMoney` throws: a RangeError that says why, for messages chosen by the caller. */
export class MoneyParseError extends RangeError {
  readonly reason: MoneyParseReason;

  constructor(reason: MoneyParseReason, input: string) {
    super(`${REASON_TEXT[reason]}: ${JSON.stringify(input)}`);
    this.name = "MoneyParseError";
    this.reason = reason;
  }
}

const REASON_TEXT: Record<MoneyParseReason, string> = {
  "not-a-number": "Not a money amount",
  "too-many-decimals": "More than 2 decimals in a money amount",
  "too-large": "Money amount too large",
};

const DECIMAL_TEXT = /^(-)?(\d*)(?:\.(\d*))?$/;
const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Reads '1234.5', '1234.50', '.5', '7.', '-3' (surrounding white space allowed) as integer cents (123450).
 * Trailing zeros beyond two decimals are accepted ('1.2500'); any other third decimal is refused, because
 * rounding it would change the amount. Refuses signs other than '-', exponents, grouping and amounts whose
 * cents leave the safe integer range. Throws a MoneyParseError (a RangeError) with the reason.
 */
export function parseMoney(text: MoneyText): Cents {
  const match = DECIMAL_TEXT.exec(text.trim());
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (match === null || (whole === "" && fraction === "")) throw new MoneyParseError("not-a-number", text);
  if (/[1-9]/.test(fraction.slice(2))) throw new MoneyParseError("too-many-decimals", text);
  const cents = BigInt(whole === "" ? "0" : whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  if (cents > MAX_CENTS) throw new MoneyParseError("too-large", text);
  // `0 - 0` would give -0, which prints as '0.00' but fails Object.is checks.
  return match[1] === "-" && cents !== 0n ? -Number(cents) : Number(cents);
}

/** `parseMoney`'s answer, or why it refuses the text; errors other than a refusal still throw. */
function attemptParse(text: MoneyText): { cents: Cents } | { reason: MoneyParseReason } {
  try {
    return { cents: parseMoney(text) };
  } catch (err) {
    if (err instanceof MoneyParseError) return { reason: err.reason };
    throw err;
  }
}

/** `parseMoney`, answering null for an absent amount or one it refuses. */
export function readMoney(text: MoneyText | null | undefined): Cents | null {
  if (text === null || text === undefined) return null;
  const read = attemptParse(text);
  return "cents" in read ? read.cents : null;
}

/** Why `parseMoney` refuses the text, or null when it reads it. */
export function moneyProblem(text: MoneyText): MoneyParseReason | null {
  const read = attemptParse(text);
  return "reason" in read ? read.reason : null;
}

/**
 * A decimal amount that arrived as a JS number, as the text it was written as. String(n) is the shortest text
 * that reads back as n: 12.5 gives '12.5', while 0.1 + 0.2 gives '0.30000000000000004' and 1e21 gives
 * '1e+21', which `parseMoney` then refuses instead of rounding.
 */
export function decimalTextOf(value: number): MoneyText {
  return String(value);
}

/** 123450 -> '1234.50'; -5 -> '-0.05'. No grouping: the exact wire and storage form. */
export function moneyText(cents: Cents): MoneyText {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
  return digits(cents).join("");
}

/**
 * - `usdt`: '1,234.50 USDT' (market pages and tables)
 * - `usd`: '1,234.50 USD' (receipt text)
 * - `usd-symbol`: '$1,234.50' (receipt table, fix tool)
 * - `funds`: '1,234 USDT' for whole amounts, '1,234.50 USDT' otherwise, '0 USDT' when there is no data
 *   (guild funds page)
 * - `plain`: '1234.50' (CSV cells, form fields; empty when absent)
 */
export type MoneyStyle = "usdt" | "usd" | "usd-symbol" | "funds" | "plain";

/**
 * Prints an amount in one of the portal's styles. A number is integer cents; a string is decimal text, read
 * with `parseMoney`. An amount that is absent or cannot be read prints as 'N/A' ('' in the plain style;
 * '0 USDT' in the funds style when absent).
 */
export function formatMoney(
  amount: Cents | MoneyText | null | undefined,
  style: MoneyStyle = "usdt",
): string {
  const cents =
    typeof amount === "number" ? (Number.isSafeInteger(amount) ? amount : null) : readMoney(amount);
  if (cents === null) {
    if (style === "plain") return "";
    return style === "funds" && (amount === null || amount === undefined) ? "0 USDT" : "N/A";
  }
  const [sign, whole, fraction] = digits(cents);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  switch (style) {
    case "plain":
      return `${sign}${whole}${fraction}`;
    case "usd-symbol":
      return `${sign}$${grouped}${fraction}`;
    case "usd":
      return `${sign}${grouped}${fraction} USD`;
    case "funds":
      return `${sign}${grouped}${fraction === ".00" ? "" : fraction} USDT`;
    case "usdt":
      return `${sign}${grouped}${fraction} USDT`;
  }
}

/** Sign ('' or '-'), whole digits and '.cc' of a safe integer of cents; zero never gets a sign. */
function digits(cents: Cents): [string, string, string] {
  const magnitude = BigInt(Math.abs(cents));
  const fraction = (magnitude % 100n).toString().padStart(2, "0");
  return [cents < 0 ? "-" : "", (magnitude / 100n).toString(), `.${fraction}`];
}
