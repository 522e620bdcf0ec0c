import "@testing-library/jest-dom";
import { resetPortalConfig } from "@/lib/config";

// Tests change process.env; the portal's configuration is read again for each test.
beforeEach(resetPortalConfig);
