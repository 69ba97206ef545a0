import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalIpAddress, formatIpAddress, parseIpAddress } from "./ip-address.ts";

describe("IP addresses", () => {
  it("writes each address one way", () => {
    const cases: [string, string][] = [
      ["192.0.2.1", "192.0.2.1"],
      [" 192.0.2.1 ", "192.0.2.1"],
      ["192.0.2.1:51234", "192.0.2.1"],
      ["::ffff:192.0.2.1", "192.0.2.1"],
      ["::FFFF:c000:0201", "192.0.2.1"],
      ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
      ["2001:0db8:0000:0001:0000:0000:0000:0001", "2001:db8:0:1::1"],
      ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
      ["2001:db8::0:1:0:0:1", "2001:db8::1:0:0:1"],
      ["2001:db8:1:2:3:4:5:0", "2001:db8:1:2:3:4:5:0"],
      ["[2001:db8::1]", "2001:db8::1"],
      ["[2001:db8::1]:443", "2001:db8::1"],
      ["fe80::1%eth0", "fe80::1"],
      ["::", "::"],
      ["::1", "::1"],
      ["1::", "1::"],
      ["64:ff9b::192.0.2.33", "64:ff9b::c000:221"],
    ];
    for (const [raw, canonical] of cases) expect(canonicalIpAddress(raw), raw).toBe(canonical);
  });

  it("refuses what is not an address, and anything long before reading it", () => {
    for (const raw of [
      "",
      "unknown",
      "256.1.1.1",
      "1.2.3",
      "1.2.3.4.5",
      "01.2.3.4",
      "1.2.3.4:99999",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      "12345::1",
      "::ffff:1.2.3",
      "2001:db8::g",
      "1.2.3.4, 5.6.7.8",
      `1.2.3.4${" ".repeat(100)}`,
      "x".repeat(16 * 1024),
    ])
      expect(canonicalIpAddress(raw), raw).toBeUndefined();
    expect(canonicalIpAddress(undefined)).toBeUndefined();
    expect(canonicalIpAddress(null)).toBeUndefined();
  });

  it("reads back what it writes, for any address", () => {
    const v4 = fc
      .array(fc.nat({ max: 255 }), { minLength: 4, maxLength: 4 })
      .map((octets) => ({ family: 4 as const, octets }));
    const v6 = fc
      .array(fc.oneof(fc.constant(0), fc.nat({ max: 0xffff })), { minLength: 8, maxLength: 8 })
      // IPv4-mapped addresses are read as IPv4.
      .filter((g) => !(g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff))
      .map((groups) => ({ family: 6 as const, groups }));
    fc.assert(
      fc.property(fc.oneof(v4, v6), (address) => {
        const text = formatIpAddress(address);
        expect(text.length).toBeLessThanOrEqual(39);
        expect(parseIpAddress(text)).toEqual(address);
      }),
    );
  });
});
