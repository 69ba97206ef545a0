import { describe, expect, it } from "vitest";
import {
  DATE_IN_FUTURE,
  DATE_TOO_EARLY,
  MAX_PARTICIPANTS,
  TOO_MANY_PARTICIPANTS,
} from "@shared/schemas/attendance.ts";
import {
  ADD_INCOMPLETE,
  checkAttendanceForm,
  DATE_REQUIRED,
  dateFieldProblem,
  EDIT_INCOMPLETE,
  NO_VALID_MEMBERS,
  noonOf,
} from "./attendance-form.ts";

const now = new Date(2026, 10, 22, 9, 30);
const roster = ["Ashvale", "Brightforge"];

describe("attendance form", () => {
  it("saves the chosen day at 12:00 local time", () => {
    const result = checkAttendanceForm(
      "add",
      { bossName: "Gravemaw", date: "2026-11-20", participants: ["ashvale"] },
      roster,
      now,
    );
    expect(result).toEqual({
      ok: true,
      bossName: "Gravemaw",
      dateAttended: new Date(2026, 10, 20, 12),
      participatedMembers: ["Ashvale"],
    });
  });

  it("asks for every field, with the add and edit wording", () => {
    expect(
      checkAttendanceForm(
        "add",
        { bossName: "", date: "2026-11-20", participants: ["Ashvale"] },
        roster,
        now,
      ),
    ).toMatchObject({ ok: false, message: ADD_INCOMPLETE });
    expect(
      checkAttendanceForm("edit", { bossName: "", date: "", participants: ["Ashvale"] }, roster, now),
    ).toMatchObject({ ok: false, message: EDIT_INCOMPLETE, dateError: DATE_REQUIRED });
    expect(
      checkAttendanceForm("edit", { bossName: "", date: "2026-11-20", participants: [] }, roster, now),
    ).toMatchObject({ ok: false, message: EDIT_INCOMPLETE });
  });

  it("refuses future days and days before 2000-01-01 with the server's messages; today is fine", () => {
    expect(dateFieldProblem("2026-11-23", now)).toBe(DATE_IN_FUTURE);
    expect(dateFieldProblem("1999-12-31", now)).toBe(DATE_TOO_EARLY);
    expect(dateFieldProblem("2026-11-22", now)).toBeUndefined();
    expect(dateFieldProblem("2000-01-01", now)).toBeUndefined();
    expect(noonOf("2026-02-30")).toBeNull();
  });

  it("says 'No valid members selected.' when no name matches an active member", () => {
    expect(
      checkAttendanceForm(
        "add",
        { bossName: "Gravemaw", date: "2026-11-20", participants: ["Nobody"] },
        roster,
        now,
      ),
    ).toEqual({ ok: false, message: NO_VALID_MEMBERS });
  });

  it("refuses what the server's schema refuses, with its message", () => {
    const many = Array.from({ length: MAX_PARTICIPANTS + 1 }, (_, i) => `Raider${i}`);
    expect(
      checkAttendanceForm("edit", { bossName: "", date: "2026-11-20", participants: many }, many, now),
    ).toEqual({ ok: false, message: TOO_MANY_PARTICIPANTS });
  });
});
