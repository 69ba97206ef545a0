/**
 * The README's table of Discord slash commands is what `npm run discord:register` registers (decision 096): the same
 * commands in the same order, each with its options (required ones marked) and who may use it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { SLASH_COMMANDS } from "@shared/discord/slash-commands.ts";

const README = readFileSync(join(import.meta.dirname, "..", "..", "README.md"), "utf8");

/** The rows of the table under "### Discord slash commands": command, options, who. */
function tableRows(): string[][] {
  const section = README.split("### Discord slash commands")[1]?.split(/\n#{2,3} /)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `/"))
    .map((line) =>
      line
        .split("|")
        .slice(1, 4)
        .map((cell) => cell.trim()),
    );
}

it("lists every registered command with its options and who may use it, in order", () => {
  const expected = SLASH_COMMANDS.map((command) => [
    `\`/${command.name}\``,
    ("options" in command ? command.options : [])
      .map((option) => `\`${option.name}\`${"required" in option && option.required ? " (required)" : ""}`)
      .join(", "),
    command.who,
  ]);
  expect(tableRows()).toEqual(expected);
});
