import SettingsPage, { generateMetadata as settingsMetadata } from "./settings/page";

/** `/{lang}/profile` (its empty child) is the user centre itself (SPEC §2). */
export default SettingsPage;
export const generateMetadata = settingsMetadata;
