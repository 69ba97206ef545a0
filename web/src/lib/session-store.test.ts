import { describe, expect, it } from "vitest";
import { parseRememberedUser } from "./session-store.ts";

const user = { id: 7, email: "raider@example.com", displayName: "Raider", role: "user", avatarUrl: null };

describe("the remembered user (offline reloads)", () => {
  it("reads back what was stored", () => {
    expect(parseRememberedUser(JSON.stringify(user))).toEqual(user);
    expect(parseRememberedUser(JSON.stringify({ ...user, role: "admin", avatarUrl: "/a.png" }))).toEqual({
      ...user,
      role: "admin",
      avatarUrl: "/a.png",
    });
  });

  it("remembers nobody for a missing, broken or foreign value", () => {
    expect(parseRememberedUser(null)).toBeNull();
    expect(parseRememberedUser("")).toBeNull();
    expect(parseRememberedUser("{not json")).toBeNull();
    expect(parseRememberedUser("null")).toBeNull();
    expect(parseRememberedUser(JSON.stringify({ ...user, role: "owner" }))).toBeNull();
    expect(parseRememberedUser(JSON.stringify({ ...user, id: "7" }))).toBeNull();
  });

  it("drops fields it does not know", () => {
    expect(parseRememberedUser(JSON.stringify({ ...user, token: "secret" }))).toEqual(user);
  });
});
