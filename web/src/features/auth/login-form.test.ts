import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@web/lib/api-client.ts";
import { loginFailureMessage } from "./login-failure.ts";
import { validateLoginField, validateLoginForm } from "./login-form.ts";

describe("login form validation (docs/product.md#login)", () => {
  it("asks for both fields when both are empty", () => {
    expect(validateLoginForm({ email: "", password: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("treats a username of only spaces as empty", () => {
    expect(validateLoginForm({ email: "   ", password: "pw" })).toEqual({ email: "Email is required" });
  });

  it("keeps a password of spaces: it is what the user typed", () => {
    expect(validateLoginForm({ email: "gm@example.com", password: "  " })).toEqual({});
  });

  it("validates one field on blur without reporting the other", () => {
    const values = { email: "", password: "" };
    expect(validateLoginField("email", values)).toBe("Email is required");
    expect(validateLoginField("password", values)).toBe("Password is required");
    expect(validateLoginField("email", { email: "gm@example.com", password: "" })).toBeUndefined();
  });

  it("accepts any non-blank username and non-empty password", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        fc.string({ minLength: 1 }),
        (email, password) => {
          expect(validateLoginForm({ email, password })).toEqual({});
        },
      ),
    );
  });
});

describe("login failure message (docs/product.md#login)", () => {
  it("shows the server's error", () => {
    expect(loginFailureMessage(new ApiError(401, "Invalid email or password.", "server"))).toBe(
      "Invalid email or password.",
    );
  });

  it("says 'Login failed' when the server answered without a message", () => {
    expect(loginFailureMessage(new ApiError(500, "Unknown error", "client"))).toBe("Login failed");
    expect(loginFailureMessage(new ApiError(502, "Request failed with status 502: <html>", "client"))).toBe(
      "Login failed",
    );
  });

  it("says 'Login failed. Please try again.' when no answer came or something else broke", () => {
    expect(loginFailureMessage(new ApiError(0, "fetch failed", "network"))).toBe(
      "Login failed. Please try again.",
    );
    expect(loginFailureMessage(new TypeError("boom"))).toBe("Login failed. Please try again.");
    expect(loginFailureMessage(undefined)).toBe("Login failed. Please try again.");
  });
});
