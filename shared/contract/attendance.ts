/** Raid attendance (decisions 007, 045). Officers and admins (decision 067). */
import {
  type AttendanceRecord,
  createAttendanceSchema,
  deleteAttendanceSchema,
  updateAttendanceSchema,
} from "../schemas/attendance.ts";
import { PARTICIPANT_LIST_BODY_LIMIT } from "./body-limits.ts";
import { answer, call } from "./call.ts";

export const ATTENDANCE_CALLS = {
  list: call({
    method: "GET",
    path: "/attendance",
    role: "officer",
    summary: "Every attendance record.",
    answer: answer<{ attendanceRecords: AttendanceRecord[] }>(),
  }),
  create: call({
    method: "POST",
    path: "/attendance",
    role: "officer",
    summary: "Records a raid (201); each named active member's raid count goes up by one.",
    body: createAttendanceSchema,
    bodyLimit: PARTICIPANT_LIST_BODY_LIMIT,
    answer: answer<{ attendanceRecord: AttendanceRecord }>(),
  }),
  update: call({
    method: "POST",
    path: "/attendance/update",
    role: "officer",
    summary: "Changes a record's day or names, moving the raid counts; with `base`, merges (decision 038).",
    body: updateAttendanceSchema,
    bodyLimit: PARTICIPANT_LIST_BODY_LIMIT,
    answer: answer<{ attendanceRecord: AttendanceRecord }>(),
  }),
  remove: call({
    method: "POST",
    path: "/attendance/delete",
    role: "officer",
    summary: "Deletes a record and takes its raids off the counts.",
    body: deleteAttendanceSchema,
    answer: answer<{ success: true; id: number }>(),
  }),
};
