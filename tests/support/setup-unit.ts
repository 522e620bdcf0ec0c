import "@testing-library/jest-dom";
import { resetPortalConfig } from "@/lib/config";

// Tests change process.env; the portal's configuration is read again for each test.
beforeEach(resetPortalConfig);

// Component tests drive real timers and user events; a busy 2-core machine needs more than 5 s.
jest.setTimeout(30_000);
