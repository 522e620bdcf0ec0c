/** Request headers of SPEC §7, sent on every upstream call. */
export const PASSPORT_VERSION = "1.11.19";

export type AppHeaders = {
  /** brand / app code (launch context `p`) */
  code: string;
  /** pc | mobile | pad | web-pc | web-mobile | web-pad | os */
  system: string;
  appVersion: string;
  /** origin code (launch context `o`) */
  origin: string;
};

export const HEADER = {
  utoken: "utoken",
  lang: "lang",
  code: "code",
  system: "system",
  passportVersion: "passportVersion",
  appVersion: "appVersion",
  origin: "origin",
  appCode: "x-app-code",
  appPlatform: "x-app-platform",
  appVersionX: "x-app-version",
  appOrigin: "x-app-origin",
  /** the browser's address, forwarded by the portal so login logs show the user, not the portal */
  clientIp: "x-client-ip",
  clientUserAgent: "x-client-user-agent",
  /** the portal's shared key (PORTAL_SERVICES_KEY): with it the services believe x-client-ip */
  portalKey: "x-portal-key",
  /** a stable random id per browser (from an HttpOnly cookie), for device security */
  deviceId: "x-device-id",
  /**
   * the TCP peer's address, written by the app's own Node server on every request it accepts
   * (a value sent by the client is overwritten), so both halves know who is on the socket
   */
  peer: "x-passport-peer",
} as const;
