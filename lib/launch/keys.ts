/**
 * The launch-context query parameters of SPEC §2, carried across navigation inside the portal.
 * Kept apart from context.ts so client components can use them without the user-agent parser.
 */
export const LAUNCH_PARAMS = ["p", "o", "s", "av", "img", "sl", "lr", "l"] as const;
export type LaunchParam = (typeof LAUNCH_PARAMS)[number];
