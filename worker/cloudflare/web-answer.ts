/**
 * The Worker's answer outside /_api. The platform serves every file of dist/web itself, with the headers of
 * the `_headers` file the build writes; wrangler.toml (`not_found_handling = "none"`) sends the Worker only
 * the paths no file matches, and it answers them as `npm start` does (app/web-fallback.ts): the app shell,
 * fetched from the assets so it carries the same headers as `/`, or a plain 404 / 405 (decision 027).
 */
import { refusal, webFallback } from "../app/web-fallback.ts";

/** wrangler.toml's `[assets] binding`. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

export function webAnswer(request: Request, assets: AssetsBinding | undefined): Promise<Response> | Response {
  const fallback = webFallback(request.method, new URL(request.url).pathname);
  // Workers serve only https, so HSTS always; without the binding (the API-only test runtime) there is no shell.
  if (fallback !== "app-shell" || !assets)
    return refusal(fallback === "app-shell" ? "not-found" : fallback, { https: true });
  const shell = new Request(new URL("/", request.url), { method: request.method, headers: request.headers });
  return assets.fetch(shell);
}
