import { TEST_TIMEOUT } from "./timeouts";

// testTimeout is a global option jest ignores inside a project, hence here; a file or test
// that passes its own budget overrides it, so none does (support/timeouts.ts says why).
jest.setTimeout(TEST_TIMEOUT);
