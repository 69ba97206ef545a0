/**
 * Text order for names in lists: case-insensitive, numbers inside names in numeric order ('Raider2' before
 * 'Raider10'), and a code-unit tie-break so that different strings never compare equal and every sort is
 * deterministic.
 */

const collator = new Intl.Collator("en", { sensitivity: "accent", numeric: true });

export function compareText(a: string, b: string): number {
  const byCollation = collator.compare(a, b);
  if (byCollation !== 0) return byCollation;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
