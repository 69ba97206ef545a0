/** Signing in with email and password (decisions 002, 026). */
import { loginSchema, type SessionUser } from "../schemas/login.ts";
import { call, jsonAnswer } from "./call.ts";

export const LOGIN_CALLS = {
  login: call({
    method: "POST",
    path: "/auth/login_with_password",
    role: "public",
    summary:
      "Signs in and sets the session cookie. Plain JSON both ways; 429 while the address or email is throttled; 503 naming the mismatch when the server's AUTH_PEPPER is not the database's (decision 066).",
    body: loginSchema,
    bodyEncoding: "json",
    answer: jsonAnswer<{ user: SessionUser }>(),
  }),
};
