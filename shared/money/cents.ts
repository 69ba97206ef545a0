// Money as integer cents. Amounts arrive as numeric strings (Postgres numeric, superjson Decimals) or as
// numbers typed into a form; both are read digit by digit so no binary float ever touches a value.

const DECIMAL_TEXT = /^(-)?(\d*)(?:\.(\d*))?$/;
const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Reads '1234.5', '1234.50', '.5', '-3' or the number 1234.5 as integer cents (123450).
 * Trailing zeros beyond two decimals are accepted ('1.2500'); any other third decimal is refused, because
 * rounding it would change the amount. Throws a RangeError on anything that is not a plain decimal.
 */
export function parseCents(input: string | number): number {
  const text = typeof input === "number" ? numberText(input) : input.trim();
  const match = DECIMAL_TEXT.exec(text);
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (match === null || (whole === "" && fraction === "")) {
    throw new RangeError(`Not a money amount: ${JSON.stringify(input)}`);
  }
  if (/[1-9]/.test(fraction.slice(2))) {
    throw new RangeError(`More than 2 decimals in a money amount: ${JSON.stringify(input)}`);
  }
  const cents = BigInt(whole === "" ? "0" : whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  if (cents > MAX_CENTS) {
    throw new RangeError(`Money amount too large: ${JSON.stringify(input)}`);
  }
  // `0 - 0` would give -0, which prints as '0.00' but fails Object.is checks.
  return match[1] === "-" && cents !== 0n ? -Number(cents) : Number(cents);
}

/** 123450 -> '1234.50'; -5 -> '-0.05'. No grouping: this is the exact wire and storage form. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Cents must be a safe integer, got ${cents}`);
  }
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${whole}.${fraction}`;
}

// String(n) is the shortest text that reads back as n, i.e. what was typed: 0.1 + 0.2 gives
// '0.30000000000000004' and is refused rather than silently rounded.
function numberText(value: number): string {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Not a money amount: ${value}`);
  }
  return String(value);
}
