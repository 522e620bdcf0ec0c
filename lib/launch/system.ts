/** The launch system (SPEC §2 `s`): the kind of device the portal runs on. Its own module, as brands and device detection need it without the launch context. */
export type LaunchSystem = "pc" | "mobile" | "pad";
