/**
 * An error with a status and a message the client may see. Anything else becomes a generic 500. `details` are
 * further fields of the answer beside `error` (a merge conflict's `conflict`, docs/decisions/038).
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
