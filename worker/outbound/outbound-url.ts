/**
 * Which URLs the server may call (decision 053): https on the default port, to a host on the public internet. The
 * rules are pure, so the same ones run when a URL is saved and when it is called, on Node and on Workers:
 * addresses (every IPv4 spelling, IPv6 with its IPv4-mapped, -compatible, NAT64 and 6to4 forms) by the ranges
 * that are not the internet, names by the suffixes that only a local resolver answers. A name's addresses are
 * checked with the same table once resolved (guarded-fetch.ts, node-transport.ts).
 */
import { formatIpAddress, type IpAddress, parseIpAddress } from "../app/ip-address.ts";
import { isTestOrigin } from "./test-origins.ts";

/** Why a URL is refused: a wrong form (scheme, port, credentials), its host, or what its name resolves to. */
export type RefusalCode = "scheme" | "port" | "credentials" | "address" | "name" | "resolved" | "unresolved";

export interface Refusal {
  code: RefusalCode;
  /** A clause that completes "…must be a public https URL: <reason>". */
  reason: string;
}

type Range = readonly [first: number, bits: number, label: string];

const PRIVATE = "a private address (RFC 1918)";
const RESERVED = "a reserved address";
const DOCUMENTATION = "a documentation address";
const METADATA = "a cloud metadata address";

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** IANA's special-purpose IPv4 ranges, most specific first (the metadata addresses sit inside link-local). */
const IPV4_RANGES: readonly Range[] = [
  [v4(169, 254, 169, 254), 32, METADATA],
  [v4(169, 254, 170, 2), 32, METADATA],
  [v4(100, 100, 100, 200), 32, METADATA],
  [v4(255, 255, 255, 255), 32, "the broadcast address"],
  [v4(0, 0, 0, 0), 8, "an unspecified address"],
  [v4(10, 0, 0, 0), 8, PRIVATE],
  [v4(100, 64, 0, 0), 10, "a carrier-grade NAT address"],
  [v4(127, 0, 0, 0), 8, "a loopback address"],
  [v4(169, 254, 0, 0), 16, "a link-local address"],
  [v4(172, 16, 0, 0), 12, PRIVATE],
  [v4(192, 0, 0, 0), 24, RESERVED],
  [v4(192, 0, 2, 0), 24, DOCUMENTATION],
  [v4(192, 88, 99, 0), 24, RESERVED],
  [v4(192, 168, 0, 0), 16, PRIVATE],
  [v4(198, 18, 0, 0), 15, RESERVED],
  [v4(198, 51, 100, 0), 24, DOCUMENTATION],
  [v4(203, 0, 113, 0), 24, DOCUMENTATION],
  [v4(224, 0, 0, 0), 4, "a multicast address"],
  [v4(240, 0, 0, 0), 4, RESERVED],
];

function ipv4Label(value: number): string | null {
  for (const [first, bits, label] of IPV4_RANGES) {
    const mask = (0xffffffff << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === first) return label;
  }
  return null;
}

const octetsValue = (octets: readonly number[]) =>
  v4(octets[0] ?? 0, octets[1] ?? 0, octets[2] ?? 0, octets[3] ?? 0);

/** The IPv4 address in groups 6 and 7 (mapped, compatible and NAT64 forms), or in groups 1 and 2 (6to4). */
const embedded = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;

/** Why an IPv6 address is not on the internet: outside 2000::/3, or in one of its special ranges. */
function ipv6Label(groups: readonly number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroTo(8)) return "an unspecified address";
  if (zeroTo(7) && g7 === 1) return "a loopback address";
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4
  // address they carry; 2002:aabb:ccdd::/48 (6to4, deprecated) too.
  if (zeroTo(5) && g5 === 0xffff) return ipv4Label(embedded(g6, g7));
  if (zeroTo(6)) return ipv4Label(embedded(g6, g7)) ?? RESERVED;
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return ipv4Label(embedded(g6, g7));
  if (g0 === 0x2002) return ipv4Label(embedded(g1, g2)) ?? RESERVED;
  // AWS's metadata service over IPv6, inside the unique local range.
  if (groups.map((g) => g.toString(16)).join(":") === "fd00:ec2:0:0:0:0:0:254") return METADATA;
  if ((g0 & 0xfe00) === 0xfc00) return "a private address (RFC 4193)";
  if ((g0 & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g0 & 0xff00) === 0xff00) return "a multicast address";
  if (g0 === 0x2001 && g1 === 0x0db8) return DOCUMENTATION;
  if (g0 === 0x3fff && g1 < 0x1000) return DOCUMENTATION;
  // 2001::/23: IETF protocol assignments (Teredo, benchmarking, ORCHID…); 5f00::/16: SRv6.
  if (g0 === 0x2001 && g1 < 0x0200) return RESERVED;
  if (g0 === 0x5f00) return RESERVED;
  if ((g0 & 0xe000) !== 0x2000) return RESERVED;
  return null;
}

/**
 * An IPv4 address in any spelling a resolver takes (`inet_aton`, the URL standard): 1 to 4 parts, each
 * decimal, octal (leading 0) or hex (0x), the last one filling the remaining bytes (`127.1`, `2130706433`,
 * `0x7f.0.0.1`, `0177.0.0.1`), with or without a trailing dot. Null when it is not one.
 */
export function parseLooseIpv4(text: string): number | null {
  const parts = text.replace(/\.$/, "").split(".");
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^(0|[1-9]\d*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    numbers.push(value);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), last) >>> 0;
}

/** An IP address (any IPv4 spelling, IPv6 with or without brackets and zone), or null. */
export function parseAddress(text: string): IpAddress | null {
  const loose = parseLooseIpv4(text);
  if (loose !== null)
    return { family: 4, octets: [loose >>> 24, (loose >>> 16) & 255, (loose >>> 8) & 255, loose & 255] };
  if (!text.includes(":")) return null;
  return parseIpAddress(text) ?? null;
}

/** Why the server must not connect to this address ("a loopback address"…), or null for a public address. */
export function forbiddenAddress(address: IpAddress): string | null {
  return address.family === 4 ? ipv4Label(octetsValue(address.octets)) : ipv6Label(address.groups);
}

/** Names the cloud providers answer with their metadata service (some also through a search domain). */
const METADATA_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.tencentyun.com",
]);

/** Top-level names only a local resolver answers (RFC 6761, 6762, 8375, ICANN's .internal and common LAN ones). */
const LOCAL_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "lan",
  "home",
  "corp",
  "intranet",
  "private",
  "localdomain",
  "home.arpa",
  "arpa",
  "onion",
];

/** An IPv4 address written into a name, as wildcard DNS services answer them (`10.0.0.1.nip.io`, `10-0-0-1.x`). */
function addressInName(labels: readonly string[]): number | null {
  for (let i = 0; i + 4 <= labels.length; i++) {
    const four = labels.slice(i, i + 4);
    if (four.every((label) => /^\d{1,3}$/.test(label) && Number(label) <= 255))
      return v4(...(four.map(Number) as [number, number, number, number]));
  }
  for (const label of labels) {
    const dashed = /(?:^|-)(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})$/.exec(label);
    const octets = dashed?.slice(1).map(Number);
    if (octets?.every((n) => n <= 255)) return v4(...(octets as [number, number, number, number]));
  }
  return null;
}

const formatV4 = (value: number) =>
  [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join(".");

/** Why the server must not call a host (an address or a name, as a URL's hostname spells it), or null. */
export function forbiddenHost(hostname: string): Refusal | null {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  const address = parseAddress(host.replace(/^\[(.*)\]$/, "$1"));
  if (address) {
    const label = forbiddenAddress(address);
    return label ? { code: "address", reason: `${formatIpAddress(address)} is ${label}` } : null;
  }
  if (METADATA_NAMES.has(host)) return { code: "name", reason: `${host} is a cloud metadata name` };
  if (host === "localhost" || host.endsWith(".localhost"))
    return { code: "name", reason: `${host} is a name of this machine` };
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`)))
    return { code: "name", reason: `${host} is a local network name` };
  const labels = host.split(".");
  if (labels.length < 2 || labels.some((label) => label === ""))
    return { code: "name", reason: `${host || "an empty name"} is not a public host name` };
  const inName = addressInName(labels);
  const label = inName === null ? null : ipv4Label(inName);
  if (inName !== null && label)
    return { code: "name", reason: `${host} names ${formatV4(inName)}, ${label}` };
  return null;
}

/** A checked URL: where to connect, and whether its name must still be resolved and checked. */
export interface CheckedUrl {
  url: URL;
  /** The host to resolve, or null when the URL names an address or is a test origin (nothing to resolve). */
  resolveName: string | null;
}

/**
 * The rules a URL must pass before anything is sent: https on the default port, no credentials, a public host.
 * `testOrigins` (OUTBOUND_TEST_ORIGINS, test-origins.ts) are loopback origins that tests' fake servers listen
 * on; a URL on one of them is let through as it is (http, its port, loopback).
 */
export function checkOutboundUrl(
  raw: string,
  testOrigins: readonly string[],
): { ok: true; checked: CheckedUrl } | { ok: false; refusal: Refusal } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, refusal: { code: "scheme", reason: "it is not a URL" } };
  }
  if (url.username !== "" || url.password !== "")
    return {
      ok: false,
      refusal: { code: "credentials", reason: "a user name or password in the URL is not allowed" },
    };
  if (isTestOrigin(url.origin, testOrigins)) return { ok: true, checked: { url, resolveName: null } };
  if (url.protocol !== "https:")
    return { ok: false, refusal: { code: "scheme", reason: `only https is allowed, not ${url.protocol}` } };
  if (url.port !== "")
    return {
      ok: false,
      refusal: { code: "port", reason: `port ${url.port} is not allowed (only https's default port, 443)` },
    };
  const refusal = forbiddenHost(url.hostname);
  if (refusal) return { ok: false, refusal };
  const named = parseAddress(url.hostname.replace(/^\[(.*)\]$/, "$1")) === null;
  return { ok: true, checked: { url, resolveName: named ? url.hostname.replace(/\.+$/, "") : null } };
}

/** The refusal of a name whose resolved addresses include one that is not public, or null when all are. */
export function forbiddenResolution(name: string, addresses: readonly string[]): Refusal | null {
  if (addresses.length === 0) return { code: "unresolved", reason: `${name} could not be resolved` };
  for (const text of addresses) {
    const address = parseAddress(text);
    const label = address ? forbiddenAddress(address) : "not an address";
    if (label) return { code: "resolved", reason: `${name} resolves to ${text}, ${label}` };
  }
  return null;
}
