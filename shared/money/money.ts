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
 * - `usdt`: '1,234.50 USDT' (every amount shown: market, roster, receipt, fix tool, audit log; docs/glossary.md)
 * - `funds`: '1,234 USDT' for whole amounts, '1,234.50 USDT' otherwise, '0 USDT' when there is no data
 *   (the salary explainer's worked example; the guild funds page prints `usdt` since decision 086)
 * - `plain`: '1234.50' (CSV cells, form fields; empty when absent)
 */
export type MoneyStyle = "usdt" | "funds" | "plain";

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

/** The decimal separator of amounts written with grouping: '1,234.50' uses '.', '1.234,50' uses ','. */
export type DecimalSeparator = "." | ",";

/**
 * How a formatted amount reads: `decided` when only one separator reads it ('5,287.06', '12,5'),
 * `either` when both read it the same ('1250', '$40'), `ambiguous` when the two readings differ
 * ('1,250' is 1250 or 1.25; '12.345' is 12345 or has a decimal too many), `unreadable` when neither reads it.
 */
export type SeparatorHint =
  | { kind: "decided"; separator: DecimalSeparator }
  | { kind: "either" }
  | { kind: "ambiguous" }
  | { kind: "unreadable" };

/** Currency marks around an amount as spreadsheets and the portal print them: '$1,250', '1250 USDT', '€ 5'. */
const CURRENCY_BEFORE = /^(?:US\$|\$|€|£|USDT|USD)\s*/i;
const CURRENCY_AFTER = /\s*(?:US\$|\$|€|£|USDT|USD)$/i;
/** Spaces that spreadsheets put between thousands: plain, no-break, narrow no-break, thin; and apostrophes. */
const GROUP_SPACES = /[ \u00a0\u202f\u2009']/g;

/** `parseMoney`'s decimal text for a formatted amount read with one decimal separator, or null. */
function formattedToDecimalText(text: string, separator: DecimalSeparator): MoneyText | null {
  let rest = text.trim();
  // One sign, before or after a leading currency mark; '+' as the audit log prints a rise ('+320.00 USDT').
  let sign = "";
  const takeSign = () => {
    if (sign !== "" || !/^[-+]/.test(rest)) return;
    sign = rest.charAt(0);
    rest = rest.slice(1).trim();
  };
  takeSign();
  rest = rest.replace(CURRENCY_BEFORE, "").replace(CURRENCY_AFTER, "").trim();
  takeSign();
  const negative = sign === "-";
  const group = separator === "." ? "," : ".";
  // Grouping is only read where it is well formed (1 to 3 digits not starting with 0, then groups of exactly
  // 3), so a stray mark ('1,2,3', '12.34.5') is refused instead of guessed, and '0,125' is never 125. As in
  // `parseMoney`, the whole part may be left out ('.5').
  const spaced = rest.replace(GROUP_SPACES, " ");
  const grouped = new RegExp(
    `^([1-9]\\d{0,2}(?:[${group === "." ? "\\." : ","} ]\\d{3})+|\\d*)(?:${separator === "." ? "\\." : ","}(\\d*))?$`,
  ).exec(spaced);
  if (grouped === null) return null;
  const whole = (grouped[1] ?? "").replace(/[^\d]/g, "");
  // A group mark mixed with spaces ('1 234,567.5') is not one style: refuse.
  if (/ /.test(grouped[1] ?? "") && new RegExp(`\\${group}`).test(grouped[1] ?? "")) return null;
  const fraction = grouped[2];
  return `${negative ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`;
}

/**
 * Reads an amount as spreadsheets write it ('5,287.06', '1.234,50', '$1,250', '1250 USDT', '1 234,50')
 * with the given decimal separator, as integer cents. The digits are read by `parseMoney`, so the same
 * rules apply (two decimals, the safe range); throws a MoneyParseError like it.
 */
export function parseFormattedMoney(text: string, separator: DecimalSeparator): Cents {
  const decimal = formattedToDecimalText(text, separator);
  if (decimal === null) throw new MoneyParseError("not-a-number", text);
  try {
    return parseMoney(decimal);
  } catch (err) {
    if (err instanceof MoneyParseError) throw new MoneyParseError(err.reason, text);
    throw err;
  }
}

/** `parseFormattedMoney`'s answer, or why it refuses the text. */
export function readFormattedMoney(
  text: string,
  separator: DecimalSeparator,
): { cents: Cents } | { reason: MoneyParseReason } {
  try {
    return { cents: parseFormattedMoney(text, separator) };
  } catch (err) {
    if (err instanceof MoneyParseError) return { reason: err.reason };
    throw err;
  }
}

/** Whether `text` is exactly how one of the portal's styles prints `cents` ('1,250 USDT'). */
function printedByPortal(text: string, cents: Cents): boolean {
  const trimmed = text.trim();
  return (["usdt", "funds"] as const).some((style) => formatMoney(cents, style) === trimmed);
}

/** Which decimal separator a formatted amount allows (see SeparatorHint). */
export function separatorHint(text: string): SeparatorHint {
  const dot = readFormattedMoney(text, ".");
  const comma = readFormattedMoney(text, ",");
  const dotOk = "cents" in dot;
  const commaOk = "cents" in comma;
  if (dotOk && commaOk) {
    if (dot.cents === comma.cents) return { kind: "either" };
    // The funds page prints whole amounts as '1,250 USDT': what the portal prints is read as it meant it.
    return printedByPortal(text, dot.cents) ? { kind: "decided", separator: "." } : { kind: "ambiguous" };
  }
  // '12.345' is 12,345 or an amount with one decimal too many: both are readings, so it decides nothing.
  const tooPrecise = (read: typeof dot) => "reason" in read && read.reason === "too-many-decimals";
  if ((dotOk && tooPrecise(comma)) || (commaOk && tooPrecise(dot))) return { kind: "ambiguous" };
  if (dotOk) return { kind: "decided", separator: "." };
  if (commaOk) return { kind: "decided", separator: "," };
  return { kind: "unreadable" };
}

/**
 * The separator a set of amounts decides together (a CSV file's money cells, or the one amount a form field
 * holds): the one the deciding amounts agree on; when they disagree, or when some amount reads two ways and
 * none decides, `ambiguous` with up to `maxExamples` amounts that read two ways; otherwise '.' (every amount
 * reads the same either way, or none can be read).
 */
export function decideSeparator(
  texts: Iterable<string>,
  maxExamples = 3,
): { separator: DecimalSeparator } | { ambiguous: string[] } {
  const decided = { ".": 0, ",": 0 };
  const examples: string[] = [];
  let ambiguous = 0;
  for (const text of texts) {
    const hint = separatorHint(text);
    if (hint.kind === "decided") decided[hint.separator] += 1;
    else if (hint.kind === "ambiguous") {
      ambiguous += 1;
      if (examples.length < maxExamples) examples.push(text);
    }
  }
  if (decided["."] > 0 && decided[","] === 0) return { separator: "." };
  if (decided[","] > 0 && decided["."] === 0) return { separator: "," };
  if (decided["."] > 0 || ambiguous > 0) return { ambiguous: examples };
  return { separator: "." };
}

/**
 * What an amount that reads two ways is asked back with, naming both readings and how to write each so it
 * reads one way: 'Is "1,250" 1,250.00 or 1.25? Write it as 1,250.00 or 1.25.' When one reading has a decimal
 * too many ('12.345'), only the other is offered.
 */
export function ambiguousAmountQuestion(text: string): string {
  const readings = ([".", ","] as const)
    .map((separator) => readFormattedMoney(text, separator))
    .flatMap((read) => ("cents" in read ? [read.cents] : []))
    .sort((a, b) => Math.abs(b) - Math.abs(a))
    .map((cents) => formatMoneyIn(cents, ".", ","));
  const asked = `"${text.trim()}"`;
  const [first, second] = readings;
  if (second === undefined)
    return `Is ${asked} ${first}? Write it as ${first}; an amount has at most 2 decimals.`;
  return `Is ${asked} ${first} or ${second}? Write it as ${first} or ${second}.`;
}

/**
 * The one rule for an amount a person types (decision 060), the CSV import's reading of a file with that one
 * cell: '1250', '1,250.00', '1 250,00', '1.250,00', '$1,250' and '1,250 USDT' are all 1250.00; '12,5' is 12.50.
 * An amount that reads two ways ('1,250': 1250.00 or 1.25) is answered with the question, never guessed.
 * Otherwise the amount as decimal text ('1250.00'), which the API's money fields then judge (sign, decimals,
 * range) with their own messages; a text no separator reads is handed on as typed, for them to refuse.
 */
export function moneyInputText(typed: string): { text: MoneyText } | { question: string } {
  const decision = decideSeparator([typed]);
  if ("ambiguous" in decision) return { question: ambiguousAmountQuestion(typed) };
  // Of a text neither separator reads, the reading that gets furthest gives the message ('0,125': 2 decimals).
  const text =
    formattedToDecimalText(typed, decision.separator) ?? formattedToDecimalText(typed, ",") ?? typed;
  return { text };
}

/** A typed amount (`moneyInputText`) in cents; why it is refused; or the question when it reads two ways. */
export function readMoneyInput(
  typed: string,
): { cents: Cents } | { reason: MoneyParseReason } | { question: string } {
  const input = moneyInputText(typed);
  return "question" in input ? input : attemptParse(input.text);
}

/** `readMoneyInput`'s amount, or null when it is refused or asked back. */
export function moneyInputCents(typed: string): Cents | null {
  const read = readMoneyInput(typed);
  return "cents" in read ? read.cents : null;
}

/** Prints cents in a spreadsheet style, the inverse of `parseFormattedMoney` (the question above, tests). */
export function formatMoneyIn(cents: Cents, separator: DecimalSeparator, groupWith: string): string {
  const [sign, whole, fraction] = digits(cents);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, groupWith);
  return `${sign}${grouped}${separator}${fraction.slice(1)}`;
}
