import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import { resetPortalConfig } from "@/lib/config";

// Tests change process.env; the portal's configuration is read again for each test.
beforeEach(resetPortalConfig);

// Component tests drive real timers and user events; a busy 2-core machine needs more than 5 s.
jest.setTimeout(30_000);

// findBy… and waitFor give up after 1 s by default: on a machine at load 25 a screen that loads a
// part on demand was seen still showing "Loading…" then (connect-screen.test.tsx). They wait on the
// thing itself, so a longer limit costs nothing when it comes at once.
configure({ asyncUtilTimeout: 10_000 });
