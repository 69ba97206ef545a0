import { describe, expect, it } from "vitest";
import { dateOrderHint, isNoDate, readImportDate } from "./read-import-date.ts";

describe("readImportDate", () => {
  it("treats blank, 'N/A', '-' and 'null' (any case) as no date", () => {
    for (const text of ["", "  ", "N/A", "n/a", "NA", "-", "--", "null", "NULL", "None", "undefined"]) {
      expect({ text, read: readImportDate(text, "dmy") }).toEqual({ text, read: { day: null } });
      expect(isNoDate(text)).toBe(true);
    }
  });

  it("reads slash, dot and dash dates in the given order, and ISO dates as written", () => {
    expect(readImportDate("05/11/2026", "dmy")).toEqual({ day: "2026-11-05" });
    expect(readImportDate("05/11/2026", "mdy")).toEqual({ day: "2026-05-11" });
    expect(readImportDate("15.11.2026", "dmy")).toEqual({ day: "2026-11-15" });
    expect(readImportDate("5-1-26", "dmy")).toEqual({ day: "2026-01-05" });
    expect(readImportDate("2026-11-15", "mdy")).toEqual({ day: "2026-11-15" });
    expect(readImportDate("2026-11-15T18:00:00Z", "dmy")).toEqual({ day: "2026-11-15" });
    expect(readImportDate("March 5 2024", "dmy")).toEqual({ day: "2024-03-05" });
  });

  it("refuses days that do not exist in the order, and texts that are not dates", () => {
    expect(readImportDate("15/11/2026", "mdy")).toEqual({ error: true });
    expect(readImportDate("31/02/2026", "dmy")).toEqual({ error: true });
    expect(readImportDate("2026-02-30", "dmy")).toEqual({ error: true });
    expect(readImportDate("someday", "dmy")).toEqual({ error: true });
  });
});

describe("dateOrderHint", () => {
  it("decides when a number is above 12, and says when both readings differ", () => {
    expect(dateOrderHint("15/11/2026")).toBe("dmy");
    expect(dateOrderHint("11/15/2026")).toBe("mdy");
    expect(dateOrderHint("05/11/2026")).toBe("ambiguous");
    expect(dateOrderHint("05/05/2026")).toBe("either");
    expect(dateOrderHint("2026-11-05")).toBe("either");
    expect(dateOrderHint("N/A")).toBe("either");
  });
});
