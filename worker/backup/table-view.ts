/** One table of a backup being checked (check-backup.ts): its cells by column name, and its problems by row. */
import type { ProblemList } from "@shared/schemas/backup.ts";
import type { BackupTableSpec } from "./backup-tables.ts";

/** A value as the reason shows it: quoted, cut at 40 characters. */
function shown(value: string): string {
  const points = [...value];
  return JSON.stringify(points.length > 40 ? `${points.slice(0, 40).join("")}…` : value);
}

/** One table of the file, read by column name; a row's cells are text or null once the column rules passed. */
export class TableView {
  readonly index: Map<string, number>;
  /** `${row}:${column}` of every value its column rule refused: later checks leave those alone. */
  readonly refused = new Set<string>();

  constructor(
    readonly spec: BackupTableSpec,
    readonly group: number,
    readonly columns: readonly string[],
    readonly rows: readonly unknown[][],
    private readonly problems: ProblemList,
  ) {
    this.index = new Map(columns.map((name, i) => [name, i]));
  }

  /**
   * The value when it is text its column accepts; null otherwise, and for every column of a row whose key was
   * refused (a second row with the same id is not a row the later checks can tell apart).
   */
  get(row: number, column: string): string | null {
    if (this.refused.has(`${row}:${column}`) || this.refused.has(`${row}:${this.spec.key}`)) return null;
    const value = this.rows[row]?.[this.index.get(column) ?? -1];
    return typeof value === "string" ? value : null;
  }

  /** 'id 12', or 'row 3' when the key is not a usable id. */
  key(row: number): string {
    const value = this.rows[row]?.[this.index.get(this.spec.key) ?? -1];
    return typeof value === "string" && /^[1-9]\d{0,18}$/.test(value)
      ? `${this.spec.key} ${value}`
      : `row ${row + 1}`;
  }

  /** A problem of the table as a whole (its rows together), listed before its rows'. */
  refuseTable(reason: string): void {
    this.problems.add({ table: this.spec.name, key: null, reason }, this.group, -1);
  }

  refuse(row: number, column: string | null, reason: string): void {
    if (column !== null) this.refused.add(`${row}:${column}`);
    const value = column === null ? undefined : this.rows[row]?.[this.index.get(column) ?? -1];
    const where =
      column === null ? "" : typeof value === "string" ? `${column} ${shown(value)}: ` : `${column}: `;
    this.problems.add(
      { table: this.spec.name, key: this.key(row), reason: `${where}${reason}` },
      this.group,
      row,
    );
  }
}
