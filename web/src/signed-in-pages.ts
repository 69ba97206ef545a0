/**
 * The pages only a signed-in account opens (My page, the admin area): the router loads this table lazily,
 * so a visitor's first JavaScript carries neither these imports nor the list of chunks each page needs
 * (decision 074). Its chunk is small and the service worker precaches it, so a signed-in page costs one
 * more fetch from the cache on its first opening.
 */
import type { ComponentType } from "react";

export const signedInPages = {
  "admin-area": () => import("./routes/admin-area.tsx").then((page) => page.AdminArea),
  "/me": () => import("./routes/me.tsx").then((page) => page.MyPage),
  "/me/earnings": () => import("./routes/me/earnings.tsx").then((page) => page.MyEarningsPage),
  "/me/claim": () => import("./routes/me/claim.tsx").then((page) => page.MyClaimPage),
  "/me/auctions": () => import("./routes/me/auctions.tsx").then((page) => page.MyAuctionsPage),
  "/me/auctions/$id": () => import("./routes/me/auction.tsx").then((page) => page.MyAuctionPage),
  "/check-in/$code": () => import("./routes/check-in.tsx").then((page) => page.CheckInPage),
  "/admin": () => import("./routes/admin.tsx").then((page) => page.AdminDashboardPage),
  "/admin/attendance": () => import("./routes/admin/attendance.tsx").then((page) => page.AttendancePage),
  "/admin/record-raid": () => import("./routes/admin/record-raid.tsx").then((page) => page.RecordRaidPage),
  "/admin/check-ins": () => import("./routes/admin/check-ins.tsx").then((page) => page.CheckInsPage),
  "/admin/check-ins/$id": () => import("./routes/admin/check-in.tsx").then((page) => page.CheckInPage),
  "/admin/auctions": () => import("./routes/admin/auctions.tsx").then((page) => page.AuctionsPage),
  "/admin/auctions/$id": () => import("./routes/admin/auction.tsx").then((page) => page.AuctionPage),
  "/admin/boss-names": () => import("./routes/admin/boss-names.tsx").then((page) => page.BossNamesPage),
  "/admin/boss-timers": () =>
    import("./routes/admin/boss-timers.tsx").then((page) => page.AdminBossTimersPage),
  "/admin/guild-settings": () =>
    import("./routes/admin/guild-settings.tsx").then((page) => page.GuildSettingsPage),
  "/admin/backup": () => import("./routes/admin/backup.tsx").then((page) => page.BackupPage),
  "/admin/import": () => import("./routes/admin/import.tsx").then((page) => page.ImportPage),
  "/admin/sql-export": () => import("./routes/admin/sql-export.tsx").then((page) => page.SqlExportPage),
  "/admin/database-setup": () =>
    import("./routes/admin/database-setup.tsx").then((page) => page.DatabaseSetupPage),
  "/admin/fix-participants": () =>
    import("./routes/admin/fix-participants.tsx").then((page) => page.FixParticipantsPage),
  "/admin/claims": () => import("./routes/admin/claims.tsx").then((page) => page.CharacterClaimsPage),
  "/admin/characters": () => import("./routes/admin/characters.tsx").then((page) => page.CharactersPage),
  "/admin/accounts": () => import("./routes/admin/accounts.tsx").then((page) => page.AccountsPage),
  "/admin/discord": () => import("./routes/admin/discord.tsx").then((page) => page.DiscordSettingsPage),
  "/admin/payouts": () => import("./routes/admin/payouts.tsx").then((page) => page.PayoutsPage),
  "/admin/audit-log": () => import("./routes/admin/audit-log.tsx").then((page) => page.AuditLogPage),
  "/guild-members": () => import("./routes/guild-members.tsx").then((page) => page.GuildMembersPage),
  "/market-exchange": () => import("./routes/market-exchange.tsx").then((page) => page.MarketExchangePage),
  "/guild-funds": () => import("./routes/guild-funds.tsx").then((page) => page.GuildFundsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

/** A signed-in page by its path, or the admin area's frame. */
export type SignedInPage = keyof typeof signedInPages;
