/**
 * A signed-in device's name from its browser's User-Agent (decision 068): 'Chrome on Android', 'Safari on iPhone',
 * 'Firefox on Windows'; 'Unknown browser' or 'an unknown system' for what it cannot tell. Only the families a
 * guild's phones and computers run are told apart; the name is for a person to recognise their own device, not
 * for any decision.
 */

/** Most specific first: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bDiscord\//, "Discord"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

/** iPad before Mac: a desktop-mode iPad says "Macintosh" but also "Mobile". */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b|Macintosh.*\bMobile\//, "iPad"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (rules: readonly [RegExp, string][], text: string) =>
  rules.find(([pattern]) => pattern.test(text))?.[1];

export function deviceLabel(userAgent: string): string {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (!browser && !system) return "Unknown device";
  return `${browser ?? "Unknown browser"} on ${system ?? "an unknown system"}`;
}
