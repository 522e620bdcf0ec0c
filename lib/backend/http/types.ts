import type { ServiceContext } from "./context";

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * One endpoint. `path` is the full contract path; a segment `:name` captures a parameter, a
 * last segment `*name` the rest of the path. The handler returns the success `data` (or, for
 * a file, a whole Response); failures are thrown as ServiceError.
 */
export type Route = {
  method: Method;
  path: string;
  handler: (ctx: ServiceContext) => Promise<unknown>;
};
