import type { IncomingMessage, ServerResponse } from "node:http";
import { answerAssertion, answerDisconnect } from "./assertion";
import { sendAccounts, sendClientMetadata } from "./accounts";
import { sendConfig, sendWellKnown } from "./config";
import { fromBrowserFedcm, sendError } from "./http";
import { FEDCM_PATHS, WELL_KNOWN_PATH } from "./paths";

/**
 * The FedCM paths, answered before the OpenID Provider sees a request (mount.ts). Every one of
 * them is the browser's own request, marked `Sec-Fetch-Dest: webidentity`: anything else (a page's
 * fetch, a form, a crawler) is refused with the standard error. A path under the prefix that is
 * not an endpoint, or the wrong method, is a 404 / 405 in the same form.
 */
const GET_ROUTES: Record<string, (request: IncomingMessage, response: ServerResponse) => void | Promise<void>> = {
  [WELL_KNOWN_PATH]: (_request, response) => sendWellKnown(response),
  [FEDCM_PATHS.config]: sendConfig,
  [FEDCM_PATHS.accounts]: sendAccounts,
  [FEDCM_PATHS.clientMetadata]: sendClientMetadata,
};
const POST_ROUTES: Record<string, (request: IncomingMessage, response: ServerResponse) => Promise<void>> = {
  [FEDCM_PATHS.assertion]: answerAssertion,
  [FEDCM_PATHS.disconnect]: answerDisconnect,
};

export async function answerFedcm(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
  const get = GET_ROUTES[pathname];
  const post = POST_ROUTES[pathname];
  if (!get && !post) return sendError(response, 404, "invalid_request");
  if (!fromBrowserFedcm(request)) return sendError(response, 400, "invalid_request");
  if (get && request.method === "GET") return get(request, response);
  if (post && request.method === "POST") return post(request, response);
  response.setHeader("allow", get ? "GET" : "POST");
  return sendError(response, 405, "invalid_request");
}
