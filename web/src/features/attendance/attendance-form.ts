/**
 * The attendance form's rules live in lib/attendance-form.ts, shared with Record a raid (decision 045), which
 * checks its attendance part with the same rules and messages.
 */
export * from "@web/lib/attendance-form.ts";
