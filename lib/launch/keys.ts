/** The launch-context query parameters of SPEC §2, carried across navigation inside the portal. */
export const LAUNCH_KEYS = ["p", "o", "s", "av", "img", "sl", "lr", "l"] as const;
export type LaunchKey = (typeof LAUNCH_KEYS)[number];
