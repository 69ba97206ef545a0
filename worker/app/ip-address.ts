/**
 * IP addresses as they arrive from sockets and proxy headers, validated and written one way only, so that one
 * client is one key however its address was spelled. Anything longer than an address can be is refused before
 * it is parsed.
 */

export type IpAddress = { family: 4; octets: readonly number[] } | { family: 6; groups: readonly number[] };

/** Longer than any textual IPv6 address with an IPv4 tail and a zone (45 + a short zone id). */
const MAX_INPUT = 64;

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    octets.push(n);
  }
  return octets;
}

function parseGroups(text: string): number[] | undefined {
  if (text === "") return [];
  const groups: number[] = [];
  const parts = text.split(":");
  for (const [i, part] of parts.entries()) {
    if (i === parts.length - 1 && part.includes(".")) {
      const v4 = parseIpv4(part);
      if (!v4) return undefined;
      groups.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
    } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
      groups.push(Number.parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}

function parseIpv6(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] as string);
  if (!head) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const tail = parseGroups(halves[1] as string);
  if (!tail || head.length + tail.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * An IPv4 or IPv6 address, or undefined. Accepts the forms proxies write: `[v6]`, `[v6]:port`, `v4:port`, and a
 * zone (`fe80::1%eth0`, dropped). An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket
 * reports for an IPv4 client) is the IPv4 address.
 */
export function parseIpAddress(raw: string): IpAddress | undefined {
  if (raw.length > MAX_INPUT) return undefined;
  let text = raw.trim();
  const withPort = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text) ?? /^([\d.]+):(\d{1,5})$/.exec(text);
  if (withPort) {
    if (withPort[2] !== undefined && Number(withPort[2]) > 65535) return undefined;
    text = withPort[1] as string;
  }
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);

  const v4 = parseIpv4(text);
  if (v4) return { family: 4, octets: v4 };
  const groups = parseIpv6(text);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return { family: 4, octets: [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff] };
  }
  return { family: 6, groups };
}

/** RFC 5952 text: lower-case hex, no leading zeros, the longest run of two or more zero groups as `::`. */
export function formatIpAddress(address: IpAddress): string {
  if (address.family === 4) return address.octets.join(".");
  const { groups } = address;
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

/** The canonical text of an address, or undefined when `raw` is not one. */
export function canonicalIpAddress(raw: string | undefined | null): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const address = parseIpAddress(raw);
  return address ? formatIpAddress(address) : undefined;
}
