import { describe, expect, it } from "vitest";
import { checkFiles, fileFormat } from "./read-import-file.ts";

describe("checkFiles", () => {
  it("takes one .json or .csv file in any letter case", () => {
    expect(checkFiles([{ name: "loot.json" }])).toBeNull();
    expect(checkFiles([{ name: "LOOT.CSV" }])).toBeNull();
    expect(fileFormat("a.b.csv")).toBe("csv");
  });

  it("refuses more than one file and other types", () => {
    expect(checkFiles([{ name: "a.csv" }, { name: "b.csv" }])).toBe("Maximum 1 file(s) allowed");
    expect(checkFiles([{ name: "loot.xlsx" }])).toBe("Invalid file type. Accepted: .json,.csv");
    expect(checkFiles([{ name: "csv" }])).toBe("Invalid file type. Accepted: .json,.csv");
  });
});
