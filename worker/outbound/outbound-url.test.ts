/**
 * The outbound rules (decision 053), as a table of every address class and spelling, and as properties: any
 * address of a range that is not the internet, however it is spelled in a URL, is refused; any other is let
 * through. The ranges are written out again here as CIDR text, independently of the rules' own table.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nodeEnvSchema, parseEnv } from "../config/env.ts";
import { checkOutboundUrl, forbiddenHost, forbiddenResolution, parseLooseIpv4 } from "./outbound-url.ts";
import { parseTestOrigins, testOriginsFrom } from "./test-origins.ts";

const refusalOf = (url: string, testOrigins: readonly string[] = []) => {
  const result = checkOutboundUrl(url, testOrigins);
  return result.ok ? null : result.refusal;
};

describe("addresses that are not the internet", () => {
  const refused: [host: string, reason: string][] = [
    // IPv4, as the issue found them and in every other spelling a URL or a resolver takes.
    ["169.254.169.254", "169.254.169.254 is a cloud metadata address"],
    ["169.254.170.2", "169.254.170.2 is a cloud metadata address"],
    ["100.100.100.200", "100.100.100.200 is a cloud metadata address"],
    ["10.0.0.1", "10.0.0.1 is a private address (RFC 1918)"],
    ["10.255.255.255", "10.255.255.255 is a private address (RFC 1918)"],
    ["172.16.0.1", "172.16.0.1 is a private address (RFC 1918)"],
    ["172.31.255.255", "172.31.255.255 is a private address (RFC 1918)"],
    ["192.168.1.1", "192.168.1.1 is a private address (RFC 1918)"],
    ["127.0.0.1", "127.0.0.1 is a loopback address"],
    ["127.0.0.2", "127.0.0.2 is a loopback address"],
    ["127.255.255.254", "127.255.255.254 is a loopback address"],
    ["2130706433", "127.0.0.1 is a loopback address"],
    ["0x7f000001", "127.0.0.1 is a loopback address"],
    ["0x7f.1", "127.0.0.1 is a loopback address"],
    ["0x7F.0x0.0x0.0x1", "127.0.0.1 is a loopback address"],
    ["017700000001", "127.0.0.1 is a loopback address"],
    ["0177.0.0.01", "127.0.0.1 is a loopback address"],
    ["127.1", "127.0.0.1 is a loopback address"],
    ["127.0.1", "127.0.0.1 is a loopback address"],
    ["127.0.0.1.", "127.0.0.1 is a loopback address"],
    ["0300.0250.1.1", "192.168.1.1 is a private address (RFC 1918)"],
    ["0xa9fea9fe", "169.254.169.254 is a cloud metadata address"],
    ["169.254.1.1", "169.254.1.1 is a link-local address"],
    ["100.64.0.1", "100.64.0.1 is a carrier-grade NAT address"],
    ["100.127.255.255", "100.127.255.255 is a carrier-grade NAT address"],
    ["0.0.0.0", "0.0.0.0 is an unspecified address"],
    ["0", "0.0.0.0 is an unspecified address"],
    ["0.1.2.3", "0.1.2.3 is an unspecified address"],
    ["224.0.0.1", "224.0.0.1 is a multicast address"],
    ["239.255.255.250", "239.255.255.250 is a multicast address"],
    ["255.255.255.255", "255.255.255.255 is the broadcast address"],
    ["240.0.0.1", "240.0.0.1 is a reserved address"],
    ["192.0.0.8", "192.0.0.8 is a reserved address"],
    ["192.88.99.1", "192.88.99.1 is a reserved address"],
    ["198.18.0.1", "198.18.0.1 is a reserved address"],
    ["198.19.255.255", "198.19.255.255 is a reserved address"],
    ["192.0.2.1", "192.0.2.1 is a documentation address"],
    ["198.51.100.7", "198.51.100.7 is a documentation address"],
    ["203.0.113.9", "203.0.113.9 is a documentation address"],
    // IPv6, with the forms that carry an IPv4 address.
    ["[::1]", "::1 is a loopback address"],
    ["[0:0:0:0:0:0:0:1]", "::1 is a loopback address"],
    ["[::]", ":: is an unspecified address"],
    ["[::ffff:127.0.0.1]", "127.0.0.1 is a loopback address"],
    ["[::ffff:7f00:2]", "127.0.0.2 is a loopback address"],
    ["[::ffff:10.0.0.1]", "10.0.0.1 is a private address (RFC 1918)"],
    ["[::ffff:169.254.169.254]", "169.254.169.254 is a cloud metadata address"],
    ["[::127.0.0.1]", "::7f00:1 is a loopback address"],
    ["[::8.8.8.8]", "::808:808 is a reserved address"],
    ["[64:ff9b::10.0.0.1]", "64:ff9b::a00:1 is a private address (RFC 1918)"],
    ["[64:ff9b::a9fe:a9fe]", "64:ff9b::a9fe:a9fe is a cloud metadata address"],
    ["[64:ff9b:1::1]", "64:ff9b:1::1 is a reserved address"],
    ["[2002:7f00:1::]", "2002:7f00:1:: is a loopback address"],
    ["[2002:808:808::1]", "2002:808:808::1 is a reserved address"],
    ["[fc00::1]", "fc00::1 is a private address (RFC 4193)"],
    ["[fd12:3456:789a::1]", "fd12:3456:789a::1 is a private address (RFC 4193)"],
    ["[fd00:ec2::254]", "fd00:ec2::254 is a cloud metadata address"],
    ["[fe80::1]", "fe80::1 is a link-local address"],
    ["[febf:ffff::1]", "febf:ffff::1 is a link-local address"],
    ["[fec0::1]", "fec0::1 is a reserved address"],
    ["[ff02::1]", "ff02::1 is a multicast address"],
    ["[ff0e::101]", "ff0e::101 is a multicast address"],
    ["[2001:db8::1]", "2001:db8::1 is a documentation address"],
    ["[3fff::1]", "3fff::1 is a documentation address"],
    ["[2001::1]", "2001::1 is a reserved address"],
    ["[2001:10::1]", "2001:10::1 is a reserved address"],
    ["[100::1]", "100::1 is a reserved address"],
    ["[5f00::1]", "5f00::1 is a reserved address"],
    ["[4000::1]", "4000::1 is a reserved address"],
  ];

  it.each(refused)("refuses https://%s/ (%s)", (host, reason) => {
    expect(refusalOf(`https://${host}/x`)).toEqual({ code: "address", reason });
  });

  const publicHosts = [
    "8.8.8.8",
    "1.1.1.1",
    "11.0.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "169.253.255.255",
    "169.255.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "[2001:4860:4860::8888]",
    "[2606:4700::6810:84e5]",
    "[2a00:1450:4001:80b::200a]",
    "[::ffff:8.8.8.8]",
    "[64:ff9b::808:808]",
  ];
  it.each(publicHosts)("lets https://%s/ through", (host) => {
    expect(refusalOf(`https://${host}/x`)).toBeNull();
  });
});

describe("IPv4 spellings", () => {
  it("are read as a resolver reads them, and anything else is a name", () => {
    expect(parseLooseIpv4("0x7f.1")).toBe(0x7f000001);
    expect(parseLooseIpv4("0177.0.0.1")).toBe(0x7f000001);
    expect(parseLooseIpv4("2130706433.")).toBe(0x7f000001);
    expect(parseLooseIpv4("10.1")).toBe(0x0a000001);
    expect(parseLooseIpv4("256.0.0.1")).toBeNull();
    expect(parseLooseIpv4("1.2.3.4.5")).toBeNull();
    expect(parseLooseIpv4("1.2.65536")).toBeNull();
    expect(parseLooseIpv4("09.1.1.1")).toBeNull();
    expect(parseLooseIpv4("example.com")).toBeNull();
  });
});

describe("names that are not the internet", () => {
  const refused: [host: string, reason: string][] = [
    ["localhost", "localhost is a name of this machine"],
    ["LOCALHOST", "localhost is a name of this machine"],
    ["localhost.", "localhost is a name of this machine"],
    ["push.localhost", "push.localhost is a name of this machine"],
    ["metadata.google.internal", "metadata.google.internal is a cloud metadata name"],
    ["metadata.google.internal.", "metadata.google.internal is a cloud metadata name"],
    ["Metadata.Google.Internal", "metadata.google.internal is a cloud metadata name"],
    ["metadata.goog", "metadata.goog is a cloud metadata name"],
    ["metadata", "metadata is a cloud metadata name"],
    ["instance-data", "instance-data is a cloud metadata name"],
    ["instance-data.ec2.internal", "instance-data.ec2.internal is a cloud metadata name"],
    ["db.internal", "db.internal is a local network name"],
    ["printer.local", "printer.local is a local network name"],
    ["router.lan", "router.lan is a local network name"],
    ["nas.home.arpa", "nas.home.arpa is a local network name"],
    ["1.0.0.127.in-addr.arpa", "1.0.0.127.in-addr.arpa is a local network name"],
    ["postgres", "postgres is not a public host name"],
    ["a..b", "a..b is not a public host name"],
    ["127.0.0.1.nip.io", "127.0.0.1.nip.io names 127.0.0.1, a loopback address"],
    ["app.10.0.0.1.sslip.io", "app.10.0.0.1.sslip.io names 10.0.0.1, a private address (RFC 1918)"],
    ["169-254-169-254.sslip.io", "169-254-169-254.sslip.io names 169.254.169.254, a cloud metadata address"],
    [
      "ip-192-168-1-1.example.com",
      "ip-192-168-1-1.example.com names 192.168.1.1, a private address (RFC 1918)",
    ],
  ];
  it.each(refused)("refuses https://%s/ (%s)", (host, reason) => {
    expect(refusalOf(`https://${host}/x`)).toEqual({ code: "name", reason });
  });

  const publicNames = [
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "web.push.apple.com",
    "wns2-by3p.notify.windows.com",
    "discord.com",
    "canary.discord.com.",
    "xn--80ak6aa92e.com",
    "push.example.test",
    "8-8-8-8.sslip.io",
  ];
  it.each(publicNames)("lets https://%s/ through, to be resolved", (host) => {
    const result = checkOutboundUrl(`https://${host}/x`, []);
    expect(result.ok && result.checked.resolveName).toBe(host.replace(/\.$/, ""));
  });
});

describe("the form of the URL", () => {
  it("takes only https on its default port, without credentials", () => {
    expect(refusalOf("http://push.example.com/x")).toEqual({
      code: "scheme",
      reason: "only https is allowed, not http:",
    });
    expect(refusalOf("ftp://push.example.com/x")?.code).toBe("scheme");
    expect(refusalOf("not a url")).toEqual({ code: "scheme", reason: "it is not a URL" });
    expect(refusalOf("https://push.example.com:8443/x")).toEqual({
      code: "port",
      reason: "port 8443 is not allowed (only https's default port, 443)",
    });
    expect(refusalOf("https://192.168.1.1:8443/")?.code).toBe("port");
    expect(refusalOf("https://push.example.com:443/x")).toBeNull();
    expect(refusalOf("https://user:secret@push.example.com/x")?.code).toBe("credentials");
  });

  it("lets a test origin through as it is, and only a loopback one", () => {
    const origins = ["http://127.0.0.1:4000", "http://localhost:4001"];
    expect(refusalOf("http://127.0.0.1:4000/push/ok/1", origins)).toBeNull();
    expect(refusalOf("http://localhost:4001/push/ok/1", origins)).toBeNull();
    expect(refusalOf("http://127.0.0.1:4002/push/ok/1", origins)?.code).toBe("scheme");
    expect(refusalOf("https://127.0.0.1:4000/push/ok/1", origins)?.code).toBe("port");
    // A list made by hand cannot open another host.
    expect(refusalOf("http://10.0.0.1:4000/x", ["http://10.0.0.1:4000"])?.code).toBe("scheme");
    expect(parseTestOrigins("http://127.0.0.1:4000, http://[::1]:5000")).toEqual([
      "http://127.0.0.1:4000",
      "http://[::1]:5000",
    ]);
    expect(parseTestOrigins("http://127.0.0.1:4000,https://evil.example")).toBeNull();
    expect(parseTestOrigins("http://127.0.0.1:4000/path")).toBeNull();
  });
});

describe("the test-only setting", () => {
  it("takes loopback origins only, or the server refuses to start; the older Discord name adds its one", () => {
    expect(() =>
      parseEnv(nodeEnvSchema, { OUTBOUND_TEST_ORIGINS: "http://127.0.0.1:4000,https://push.example.com" }),
    ).toThrow(/OUTBOUND_TEST_ORIGINS must be http\(s\) origins on this machine/);
    expect(() => parseEnv(nodeEnvSchema, { OUTBOUND_TEST_ORIGINS: "http://10.0.0.1:4000" })).toThrow(
      /OUTBOUND_TEST_ORIGINS/,
    );
    const env = parseEnv(nodeEnvSchema, {
      OUTBOUND_TEST_ORIGINS: "http://127.0.0.1:4000, http://localhost:4001",
      DISCORD_TEST_ORIGIN: "http://127.0.0.1:4002",
    });
    expect(testOriginsFrom(env)).toEqual([
      "http://127.0.0.1:4000",
      "http://localhost:4001",
      "http://127.0.0.1:4002",
    ]);
    expect(testOriginsFrom(parseEnv(nodeEnvSchema, {}))).toEqual([]);
  });
});

describe("what a name resolves to", () => {
  it("refuses a name when any of its addresses is not the internet", () => {
    expect(forbiddenResolution("push.example.com", ["142.250.74.42", "2a00:1450:4001:80b::200a"])).toBeNull();
    expect(forbiddenResolution("rebind.example.com", ["142.250.74.42", "10.0.0.1"])).toEqual({
      code: "resolved",
      reason: "rebind.example.com resolves to 10.0.0.1, a private address (RFC 1918)",
    });
    expect(forbiddenResolution("x.example.com", ["::ffff:169.254.169.254"])?.reason).toBe(
      "x.example.com resolves to ::ffff:169.254.169.254, a cloud metadata address",
    );
    expect(forbiddenResolution("x.example.com", ["fe80::1%eth0"])?.code).toBe("resolved");
    expect(forbiddenResolution("x.example.com", [])).toEqual({
      code: "unresolved",
      reason: "x.example.com could not be resolved",
    });
  });
});

/** The special-purpose ranges (IANA's IPv4 registry), written out independently of the rules' table. */
const FORBIDDEN_V4 = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
].map((cidr) => {
  const [text = "", bits = "32"] = cidr.split("/");
  const base = text.split(".").reduce((sum, part) => sum * 256 + Number(part), 0);
  return { base, size: 2 ** (32 - Number(bits)) };
});

const inForbidden = (value: number) =>
  FORBIDDEN_V4.some(({ base, size }) => value >= base && value < base + size);

const forbiddenV4 = fc
  .constantFrom(...FORBIDDEN_V4)
  .chain(({ base, size }) => fc.integer({ min: base, max: base + size - 1 }));
const publicV4 = fc.nat({ max: 0xffffffff }).filter((value) => !inForbidden(value));

const octets = (value: number) => [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const hex = (n: number) => n.toString(16);

/** Ways to write an IPv4 address in a URL's host; the URL standard and inet_aton read them all alike. */
const spellings: ((value: number) => string)[] = [
  (v) => octets(v).join("."),
  (v) => String(v),
  (v) => `0x${hex(v)}`,
  (v) => `0${v.toString(8)}`,
  (v) =>
    octets(v)
      .map((o) => `0x${hex(o)}`)
      .join("."),
  (v) =>
    octets(v)
      .map((o) => `0${o.toString(8)}`)
      .join("."),
  (v) => `${v >>> 24}.${v & 0xffffff}`,
  (v) => `${v >>> 24}.${(v >>> 16) & 255}.${v & 0xffff}`,
  (v) => `${octets(v).join(".")}.`,
  (v) => `[::ffff:${octets(v).join(".")}]`,
  (v) => `[::ffff:${hex(v >>> 16)}:${hex(v & 0xffff)}]`,
  (v) => `[64:ff9b::${octets(v).join(".")}]`,
];
const spelling = fc.constantFrom(...spellings.keys());

describe("properties", () => {
  it("refuses every address of every special-purpose IPv4 range, in every spelling", () => {
    fc.assert(
      fc.property(forbiddenV4, spelling, (value, i) => {
        const host = (spellings[i] as (v: number) => string)(value);
        expect(refusalOf(`https://${host}/push`)?.code).toBe("address");
        expect(forbiddenResolution("n.example.com", [octets(value).join(".")])?.code).toBe("resolved");
      }),
      { numRuns: 2_000 },
    );
  });

  it("lets every other IPv4 address through, in every spelling", () => {
    fc.assert(
      fc.property(publicV4, spelling, (value, i) => {
        const host = (spellings[i] as (v: number) => string)(value);
        expect(refusalOf(`https://${host}/push`)).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuses unique local, link-local, multicast and everything outside 2000::/3", () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const rest = fc.array(group, { minLength: 7, maxLength: 7 });
    const first = fc.oneof(
      fc.integer({ min: 0xfc00, max: 0xfdff }),
      fc.integer({ min: 0xfe80, max: 0xfebf }),
      fc.integer({ min: 0xff00, max: 0xffff }),
      fc.integer({ min: 0x4000, max: 0xfbff }),
      fc.integer({ min: 0x0001, max: 0x1fff }),
    );
    fc.assert(
      fc.property(first, rest, (head, tail) => {
        const host = `[${[head, ...tail].map(hex).join(":")}]`;
        expect(refusalOf(`https://${host}/push`)?.code).toBe("address");
      }),
      { numRuns: 1_000 },
    );
  });

  it("never takes a name ending in a local suffix, with or without the trailing dot", () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,14}[a-z0-9]$/);
    const suffix = fc.constantFrom("localhost", "local", "internal", "lan", "home.arpa", "localdomain");
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 0, maxLength: 3 }),
        suffix,
        fc.boolean(),
        (labels, end, dot) => {
          const host = `${[...labels, end].join(".")}${dot ? "." : ""}`;
          expect(forbiddenHost(host)?.code).toBe("name");
        },
      ),
      { numRuns: 500 },
    );
  });
});
