// The one function that divides money. Every split in the portal (a Sold item's four parts, a pool among
// participants, a player's share among their characters) goes through here, so every split is exact to the cent.

export interface WeightedPart {
  /** Identifies the part; breaks ties when two parts have the same claim on a leftover cent. */
  readonly key: string;
  /** A non-negative integer (a percentage, 1 for an equal split, a raid count). */
  readonly weight: number;
}

/**
 * Splits `totalCents` into one amount per part, in the parts' order, proportional to the weights, by the
 * largest-remainder method: each part first gets the floor of its exact share, then the cents left over go one
 * each to the parts with the largest remainders. The amounts always add up to `totalCents`, and no amount is
 * more than one cent away from its exact share.
 *
 * Ties for a leftover cent go to the larger weight, then to the key that sorts first (case-insensitively, then
 * by code units), then to the earlier part. When every weight is 0 the amount is split equally.
 */
export function splitByWeights(totalCents: number, parts: readonly WeightedPart[]): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`The amount to split must be a non-negative integer of cents, got ${totalCents}`);
  }
  for (const part of parts) {
    if (!Number.isSafeInteger(part.weight) || part.weight < 0) {
      throw new RangeError(`Weight of "${part.key}" must be a non-negative integer, got ${part.weight}`);
    }
  }
  if (parts.length === 0) {
    if (totalCents === 0) return [];
    throw new RangeError(`Cannot split ${totalCents} cents into no parts`);
  }

  const allZero = parts.every((part) => part.weight === 0);
  // BigInt: a large value times a large raid count can pass 2^53 before the division.
  const weights = parts.map((part) => BigInt(allZero ? 1 : part.weight));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  const total = BigInt(totalCents);

  const amounts = weights.map((weight) => (total * weight) / weightSum);
  const remainders = weights.map((weight) => (total * weight) % weightSum);
  let leftover = Number(total - amounts.reduce((sum, amount) => sum + amount, 0n));

  const claimOrder = parts
    .map((_, index) => index)
    .sort((a, b) => {
      const byRemainder = compareBigInt(remainderAt(remainders, b), remainderAt(remainders, a));
      if (byRemainder !== 0) return byRemainder;
      const byWeight = compareBigInt(remainderAt(weights, b), remainderAt(weights, a));
      if (byWeight !== 0) return byWeight;
      const byKey = compareKeys(keyAt(parts, a), keyAt(parts, b));
      return byKey !== 0 ? byKey : a - b;
    });
  for (const index of claimOrder) {
    if (leftover === 0) break;
    amounts[index] = (amounts[index] ?? 0n) + 1n;
    leftover -= 1;
  }
  return amounts.map(Number);
}

/** Case-insensitive first, so 'bob' and 'Carl' sort as a reader expects; code units make it total. */
export function compareKeys(a: string, b: string): number {
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  if (a !== b) return a < b ? -1 : 1;
  return 0;
}

function compareBigInt(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function remainderAt(values: readonly bigint[], index: number): bigint {
  return values[index] ?? 0n;
}

function keyAt(parts: readonly WeightedPart[], index: number): string {
  return parts[index]?.key ?? "";
}
