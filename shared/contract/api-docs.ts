/**
 * docs/api.md, written from the declarations (decision 061): `npm run docs:api` writes it, and a unit test fails
 * when the file differs from what the declarations give (api-docs.test.ts).
 */
import * as z from "zod";
import { CALL_GROUPS } from "./all-calls.ts";
import { JSON_BODY_LIMIT } from "./body-limits.ts";
import type { CallRole, CallSpec } from "./call.ts";
import { ACCOUNT_ROLES, type AccountRole, mayCall, ROLE_LABELS } from "./roles.ts";

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const WHO: Record<CallRole, string> = {
  public: "anyone",
  user: "any signed-in account",
  officer: "officers and admins",
  admin: "admins",
};

/** Who may make each call (decision 067), a row per call and a column per role, from the declarations. */
function roleTable(): string[] {
  const columns: { title: string; role: AccountRole | null }[] = [
    { title: "Visitor", role: null },
    ...[...ACCOUNT_ROLES].reverse().map((role) => ({ title: ROLE_LABELS[role], role })),
  ];
  return [
    "## Who may make each call",
    "",
    `| Call | ${columns.map((column) => column.title).join(" | ")} |`,
    `| --- | ${columns.map(() => ":---:").join(" | ")} |`,
    ...CALL_GROUPS.flatMap((group) =>
      Object.values(group.calls).map((spec) => {
        const cells = columns.map((column) => (mayCall(column.role, spec.role) ? "yes" : "—"));
        return `| \`${spec.method} ${spec.path}\` | ${cells.join(" | ")} |`;
      }),
    ),
    "",
  ];
}

const KB = 1024;
const size = (bytes: number) => (bytes >= KB * KB ? `${bytes / KB / KB} MB` : `${bytes / KB} KB`);

/** A field's type in words, from its JSON Schema (the input side: what a caller sends). */
function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(" or ");
  if (schema.anyOf) return [...new Set(schema.anyOf.map(typeOf))].join(" or ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (schema.format === "superjson-date") return "Date (superjson)";
  if (types.length === 0) return "any";
  return types
    .map((type) => {
      if (type === "string" && schema.format === "date") return "date text (YYYY-MM-DD)";
      if (type === "string" && schema.format === "date-time") return "date-time text (ISO 8601)";
      if (type === "string") return "text";
      if (type === "array") return `list of ${schema.items ? typeOf(schema.items) : "values"}`;
      if (type === "object")
        return schema.properties ? `object (${Object.keys(schema.properties).join(", ")})` : "object";
      return type;
    })
    .join(" or ");
}

/** The fields of a body or query as a table; schemas with checks beyond their shape say so in the summary. */
function fieldsTable(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    // A Date travels as superjson's Date, which JSON Schema has no word for.
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === "date") ctx.jsonSchema.format = "superjson-date";
    },
  }) as JsonSchema;
  const properties = Object.entries(json.properties ?? {});
  if (properties.length === 0) return [`  - ${typeOf(json)}`];
  const required = new Set(json.required ?? []);
  return [
    "",
    "  | Field | Type | Required |",
    "  | --- | --- | --- |",
    ...properties.map(
      ([name, field]) => `  | \`${name}\` | ${typeOf(field)} | ${required.has(name) ? "yes" : "no"} |`,
    ),
    "",
  ];
}

function bodyLines(spec: CallSpec): string[] {
  const limit = size((spec.bodyLimit ?? JSON_BODY_LIMIT).maxBytes);
  const encoding = spec.bodyEncoding ?? "superjson";
  if (encoding === "text") return [`- Body: a file's text, sent as it is (at most ${limit}).`];
  if (!spec.body) return spec.method === "GET" ? [] : ["- Body: none (send `{}`)."];
  const how = encoding === "json" ? "plain JSON" : "superjson (or plain JSON)";
  return [`- Body: ${how}, at most ${limit}:`, ...fieldsTable(spec.body)];
}

function answerLine(spec: CallSpec): string {
  switch (spec.answer.kind) {
    case "json":
      return "- Answers: plain JSON.";
    case "file":
      return `- Answers: a file (${spec.answer.contentType}), named by its Content-Disposition.`;
    case "stream":
      return `- Answers: a stream (${spec.answer.contentType}).`;
    case "redirect":
      return "- Answers: a redirect (302) for the browser to follow.";
    default:
      return "- Answers: superjson.";
  }
}

function callSection(spec: CallSpec): string[] {
  return [
    `### \`${spec.method} /_api${spec.path}\``,
    "",
    spec.summary,
    "",
    `- Who: ${WHO[spec.role]}.`,
    ...(spec.query ? ["- Query:", ...fieldsTable(spec.query)] : []),
    ...bodyLines(spec),
    answerLine(spec),
    "",
  ];
}

const PREAMBLE = [
  "# API reference",
  "",
  "Every call of the API under `/_api`, as declared in `shared/contract/` (decision 061). Written by",
  "`npm run docs:api`; do not edit it by hand: a unit test fails when it differs from the declarations.",
  "",
  "How every call behaves (decisions 001, 002, 028):",
  "",
  "- A successful answer is superjson (Dates stay Dates) unless the call says otherwise; an error is plain JSON",
  '  `{ "error": message }`, sometimes with details beside it, and never a stack trace.',
  "- A call that is not for anyone answers 401 without a session and 403 to a signed-in account without the",
  "  role, before its body is read.",
  "- A call with a body must be `Content-Type: application/json` (415 otherwise) and come from the portal's own",
  "  pages (403 otherwise); a body over its limit answers 413 before it is read.",
  "- A write with an `Idempotency-Key` header is applied once; a repeat answers the stored answer.",
  "- A field list says what a caller may send; the rules on each value (lengths, ranges, names that must exist)",
  "  are the schema's in `shared/schemas/`, and a value that breaks one answers 400 with its message.",
  "",
];

export function renderApiDocs(): string {
  const lines = [...PREAMBLE, ...roleTable()];
  for (const group of CALL_GROUPS) {
    lines.push(`## ${group.title}`, "");
    for (const spec of Object.values(group.calls)) lines.push(...callSection(spec));
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
