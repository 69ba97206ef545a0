import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, type Account } from "@shared/schemas/accounts.ts";
import { editValuesOf, validateCreateAccount, validateEditAccount } from "./account-form.ts";

const account: Account = {
  id: 7,
  email: "raider@guild.test",
  displayName: "Raider",
  role: "user",
  avatarUrl: null,
  disabled: false,
  createdAt: new Date("2026-01-01T00:00:00Z"),
};

describe("validateCreateAccount", () => {
  it("gives one message per field, the shared schema's", () => {
    const result = validateCreateAccount({
      email: "nope",
      displayName: " ",
      role: "user",
      password: "short",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: ACCOUNT_MESSAGES.emailInvalid,
        displayName: ACCOUNT_MESSAGES.displayNameRequired,
        password: ACCOUNT_MESSAGES.passwordTooShort,
      },
    });
  });

  it("normalises a valid form into the request body", () => {
    expect(
      validateCreateAccount({
        email: " New@Guild.Test ",
        displayName: " Newbie ",
        role: "admin",
        password: "long enough 1",
      }),
    ).toEqual({
      ok: true,
      body: { email: "new@guild.test", displayName: "Newbie", role: "admin", password: "long enough 1" },
    });
  });
});

describe("validateEditAccount", () => {
  it("sends only the changed fields", () => {
    const values = { ...editValuesOf(account), role: "admin" as const, password: "a new password" };
    expect(validateEditAccount(account, values)).toEqual({
      ok: true,
      body: { id: 7, role: "admin", password: "a new password" },
    });
    expect(validateEditAccount(account, { ...editValuesOf(account), disabled: true })).toEqual({
      ok: true,
      body: { id: 7, disabled: true },
    });
  });

  it("refuses a form without changes and a short new password", () => {
    expect(validateEditAccount(account, editValuesOf(account))).toEqual({
      ok: false,
      errors: { form: ACCOUNT_MESSAGES.nothingToUpdate },
    });
    expect(validateEditAccount(account, { ...editValuesOf(account), password: "short" })).toEqual({
      ok: false,
      errors: { password: ACCOUNT_MESSAGES.passwordTooShort },
    });
  });
});
