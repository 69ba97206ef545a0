/**
 * The guild roster (decisions 010, 049). Officers add and edit members, admins also delete, kick and pay them
 * (decision 067); the public roster lists active members.
 */
import {
  createMemberSchema,
  type GuildMember,
  kickMemberSchema,
  markPaidSchema,
  memberIdSchema,
  memberStatusQuerySchema,
  updateMemberSchema,
} from "../schemas/members.ts";
import type { Payout } from "../schemas/payouts.ts";
import { answer, call } from "./call.ts";

export const MEMBER_CALLS = {
  list: call({
    method: "GET",
    path: "/guild-members",
    role: "officer",
    summary: "The roster, narrowed by status (default: active).",
    query: memberStatusQuerySchema,
    answer: answer<{ guildMembers: GuildMember[] }>(),
  }),
  publicList: call({
    method: "GET",
    path: "/public/guild-members",
    role: "public",
    summary: "The active members (a cached read).",
    answer: answer<{ guildMembers: GuildMember[] }>(),
  }),
  create: call({
    method: "POST",
    path: "/guild-members",
    role: "officer",
    summary: "Adds a member or an alt (201); the lists that already name them are shared out again.",
    body: createMemberSchema,
    answer: answer<{ guildMember: GuildMember }>(),
  }),
  update: call({
    method: "POST",
    path: "/guild-member/update",
    role: "officer",
    summary: "Renames, re-categorises or relinks a member; with `base`, merges (decision 038).",
    body: updateMemberSchema,
    answer: answer<{ guildMember: GuildMember }>(),
  }),
  remove: call({
    method: "POST",
    path: "/guild-member/delete",
    role: "admin",
    summary: "Deletes a member who was not kicked; their alts become main characters.",
    body: memberIdSchema,
    answer: answer<{ success: true; id: number }>(),
  }),
  kick: call({
    method: "POST",
    path: "/guild-member/kick",
    role: "admin",
    summary: "Kicks an active member, with their final salary when given.",
    body: kickMemberSchema,
    answer: answer<{ guildMember: GuildMember }>(),
  }),
  markPaid: call({
    method: "POST",
    path: "/guild-member/mark-paid",
    role: "admin",
    summary: "Marks a kicked member paid out and records the payout of their balance (decision 049).",
    body: markPaidSchema,
    answer: answer<{ guildMember: GuildMember; payout: Payout | null }>(),
  }),
};
