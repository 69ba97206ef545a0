/**
 * `npm run vapid-keys`: prints a new VAPID key pair for Web Push spawn alerts, as the three variables (or Worker
 * secrets) that hold it. Make it once per deployment: browsers subscribe with the public key, and changing it
 * ends every device's alerts until it subscribes again.
 */
import { fileURLToPath } from "node:url";
import { generateVapidKeys } from "./vapid.ts";

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const keys = await generateVapidKeys(process.argv[2] ?? "mailto:you@example.com");
  console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
  console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
  console.log(`VAPID_SUBJECT=${keys.subject}`);
}
