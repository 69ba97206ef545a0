/**
 * The check-in screens' own words (decision 080). The server's refusals are its exported messages
 * (shared/schemas/check-ins.ts), shown word for word.
 */
import { countdownText } from "@web/lib/countdown-text.ts";

export const I_WAS_THERE = "I was there";
export const checkedInAsMessage = (name: string) => `Checked in as ${name}`;
export const CHOOSE_CHARACTER = "Which character did you play?";
export const CHOOSE_CHARACTER_HINT = "This device remembers your choice for the next check-ins.";
export const CHANGE_CHARACTER = "Change";
export const checkingInAs = (name: string) => `As ${name}`;

export const OPEN_CHECK_IN = "Open check-in";
export const OPEN_A_CHECK_IN = "Open a check-in";
export const COPY_FOR_DISCORD = "Copy for Discord";
export const CLOSE_INTO_ATTENDANCE = "Close into attendance";
export const CLOSE_INTO_RECORD_RAID = "Close into Record a raid";
export const CANCEL_CHECK_IN = "Cancel check-in";
export const CHECK_INS_TITLE = "Check-ins";
export const ADD_NAMES = "Add or remove names";
export const checkedInCount = (count: number) => `${count} checked in`;
export const TIME_IS_UP = "Time is up: raiders can no longer check in. Close it or cancel it.";
export const closedIntoAttendanceMessage = (bossName: string, count: number) =>
  `Attendance recorded for ${bossName}: ${count} ${count === 1 ? "participant" : "participants"}`;
export const CHECK_IN_CANCELLED = "Check-in cancelled";

/** The check-in's link on this site: what the QR code opens and the Discord text names. */
export const checkInLink = (origin: string, code: string) => `${origin}/check-in/${code}`;

/** What an officer pastes in the guild's Discord channel. */
export const discordText = (bossName: string, code: string, link: string, minutesLeft: number) =>
  `${bossName} is down! Check in on the guild portal within ${minutesLeft} ${
    minutesLeft === 1 ? "minute" : "minutes"
  }: ${link} (code ${code})`;

/** mm:ss (or h:mm:ss) until `closesAt`; 0:00 once past. */
export const timeLeft = (closesAt: Date, now: number): string => countdownText(closesAt.getTime() - now);
