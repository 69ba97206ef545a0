/**
 * The time left of an auction on the server's clock (decision 092, after 091): every answer carries `serverNow`
 * beside `endsAt`, and the phone keeps how far its own clock is from the server's at the moment the answer arrived.
 * A phone whose clock is minutes off still counts down to the server's end.
 */

/** How far the server's clock is ahead of this device's (ms): `serverNow` minus the device's time at receipt. */
export const clockOffset = (serverNow: Date, receivedAt: number): number => serverNow.getTime() - receivedAt;

/** Milliseconds left until `endsAt` on the server's clock, never below 0. */
export const msLeft = (endsAt: Date, offsetMs: number, deviceNow: number): number =>
  Math.max(0, endsAt.getTime() - (deviceNow + offsetMs));
