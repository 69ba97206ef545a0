/**
 * Every driver returns the same JS shapes: numeric as an exact string (money is never a float),
 * int8 (counts) as a number, date as 'YYYY-MM-DD', timestamptz as a Date.
 */
export const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

export const parseInt8 = (v: string): number => Number.parseInt(v, 10);
export const parseDate = (v: string): string => v;
export const parseNumeric = (v: string): string => v;

interface PgTypes {
  getTypeParser(oid: number, format?: string): unknown;
}

/** A `types` object for pg-compatible pools (node-postgres and Neon). */
export function pgTypeOverrides(base: PgTypes): PgTypes {
  const overrides: Record<number, unknown> = {
    [OID.int8]: parseInt8,
    [OID.date]: parseDate,
    [OID.numeric]: parseNumeric,
  };
  return {
    getTypeParser(oid: number, format?: string) {
      if ((format === undefined || format === "text") && overrides[oid]) return overrides[oid];
      return base.getTypeParser(oid, format);
    },
  };
}
