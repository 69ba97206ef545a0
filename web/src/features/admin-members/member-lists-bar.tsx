/** The tabs of /guild-members (Active Members, Kicked Members) and, beside them, the search (decision 085). */
import { Tabs } from "radix-ui";
import { SearchInput } from "@web/components/search-input.tsx";
import { SEARCH_MEMBERS } from "./member-rows.ts";

const tabClass =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-surface-raised data-[state=active]:text-gold sm:flex-none";

export function MemberListsBar({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <Tabs.List
        aria-label="Member lists"
        className="flex gap-1 rounded-xl border border-line bg-surface p-1 sm:inline-flex"
      >
        <Tabs.Trigger value="active" className={tabClass}>
          Active Members
        </Tabs.Trigger>
        <Tabs.Trigger value="kicked" className={tabClass}>
          Kicked Members
        </Tabs.Trigger>
      </Tabs.List>
      <SearchInput
        hiddenLabel={SEARCH_MEMBERS}
        placeholder={SEARCH_MEMBERS}
        className="w-full sm:w-72"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
    </div>
  );
}
