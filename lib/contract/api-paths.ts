/**
 * The services' API paths (/v1/…, /v2/…). Their callers read the services' envelope
 * (`{code, data}`, `{code, message}`), whichever server answers: the services, or the portal's
 * own server before it hands a request on (a body over the cap, lib/security/incoming.ts).
 */
export const SERVICES_API_PATH = /^\/v[12]\//;
