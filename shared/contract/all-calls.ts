/**
 * Every call of the API, by resource (each group is one route file's in worker/): what the contract test holds the mounted routes to, and what docs/api.md
 * is written from. The web app imports only the resource files it calls, so a page's bundle carries only the
 * schemas it sends.
 */
import { ACCOUNT_CALLS, ACCOUNT_LINK_CALLS } from "./accounts.ts";
import { ADMIN_SQL_CALLS } from "./admin-sql.ts";
import { ATTENDANCE_CALLS } from "./attendance.ts";
import { AUCTION_CALLS, MY_AUCTION_CALLS } from "./auctions.ts";
import { AUDIT_CALLS } from "./audit.ts";
import { SESSION_CALLS } from "./auth.ts";
import { BACKUP_CALLS } from "./backup.ts";
import { BOSS_NAME_CALLS, BOSS_TIMER_CALLS } from "./bosses.ts";
import type { CallSpec } from "./call.ts";
import { CHECK_IN_CALLS, MY_CHECK_IN_CALLS } from "./check-ins.ts";
import { CLAIM_CALLS, MY_CLAIM_CALLS } from "./claims.ts";
import { DISCORD_INTERACTION_CALLS } from "./discord-interactions.ts";
import { DISCORD_SIGN_IN_CALLS, DISCORD_SIGN_IN_SETTINGS_CALLS } from "./discord-sign-in.ts";
import { FIX_PARTICIPANTS_CALLS } from "./fix-participants.ts";
import { FUND_CALLS } from "./funds.ts";
import { GUILD_NAME_CALLS } from "./guild-name.ts";
import { GUILD_SETTINGS_CALLS } from "./guild-settings.ts";
import { LOGIN_CALLS } from "./login.ts";
import { MARKET_CALLS } from "./market.ts";
import { IMPORT_CALLS } from "./market-import.ts";
import { ME_CALLS } from "./me.ts";
import { MEMBER_CALLS } from "./members.ts";
import { PAYOUT_CALLS } from "./payouts.ts";
import { SALARY_CALLS } from "./salary.ts";
import { SIGN_IN_OPTION_CALLS } from "./sign-in-options.ts";
import { DISCORD_CALLS, SPAWN_ALERT_CALLS } from "./spawn-alerts.ts";
import { SPLIT_RULE_CALLS } from "./split-rules.ts";
import { BATCH_CALLS, SYNC_CALLS } from "./sync.ts";
import { SYSTEM_CALLS } from "./system.ts";

/** The resources in the order docs/api.md lists them, each with its heading. */
export const CALL_GROUPS: readonly { title: string; calls: Readonly<Record<string, CallSpec>> }[] = [
  { title: "System", calls: SYSTEM_CALLS },
  { title: "Sign-in", calls: { ...LOGIN_CALLS, ...SESSION_CALLS, ...SIGN_IN_OPTION_CALLS } },
  { title: "Sign in with Discord", calls: DISCORD_SIGN_IN_CALLS },
  { title: "Guild settings", calls: { ...GUILD_SETTINGS_CALLS, ...GUILD_NAME_CALLS } },
  { title: "Split rules", calls: SPLIT_RULE_CALLS },
  { title: "Sync", calls: SYNC_CALLS },
  { title: "Queued writes", calls: BATCH_CALLS },
  { title: "Boss names", calls: BOSS_NAME_CALLS },
  { title: "Boss timers", calls: BOSS_TIMER_CALLS },
  { title: "Spawn alerts", calls: SPAWN_ALERT_CALLS },
  { title: "Guild members", calls: MEMBER_CALLS },
  { title: "Market exchange", calls: MARKET_CALLS },
  { title: "Attendance", calls: ATTENDANCE_CALLS },
  { title: "Check-ins", calls: CHECK_IN_CALLS },
  { title: "My check-ins", calls: MY_CHECK_IN_CALLS },
  { title: "Auctions", calls: AUCTION_CALLS },
  { title: "My auctions", calls: MY_AUCTION_CALLS },
  { title: "Salary receipt", calls: SALARY_CALLS },
  { title: "Funds", calls: FUND_CALLS },
  { title: "Payouts", calls: PAYOUT_CALLS },
  { title: "My earnings", calls: ME_CALLS },
  { title: "My character claim", calls: MY_CLAIM_CALLS },
  { title: "Character claims", calls: CLAIM_CALLS },
  { title: "Accounts", calls: ACCOUNT_CALLS },
  { title: "Characters of accounts", calls: ACCOUNT_LINK_CALLS },
  { title: "Audit log", calls: AUDIT_CALLS },
  { title: "Discord", calls: DISCORD_CALLS },
  { title: "Discord sign-in settings", calls: DISCORD_SIGN_IN_SETTINGS_CALLS },
  { title: "Discord slash commands", calls: DISCORD_INTERACTION_CALLS },
  { title: "Market import", calls: IMPORT_CALLS },
  { title: "Participant repair", calls: FIX_PARTICIPANTS_CALLS },
  { title: "Backups", calls: BACKUP_CALLS },
  { title: "SQL export and database setup", calls: ADMIN_SQL_CALLS },
];

export const ALL_CALLS: readonly CallSpec[] = CALL_GROUPS.flatMap((group) => Object.values(group.calls));
