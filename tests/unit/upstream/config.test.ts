import { resetPortalConfig } from "@/lib/config";
import { upstreamBaseUrl } from "@/lib/upstream/config";

describe("upstream base URLs", () => {
  const saved = { ...process.env };
  beforeEach(resetPortalConfig);
  afterEach(() => {
    process.env = { ...saved };
    resetPortalConfig();
  });

  it("default to this app's own reference services on the loopback address", () => {
    delete process.env.PASSPORT_API_URL;
    delete process.env.USER_API_URL;
    delete process.env.MESSAGE_API_URL;
    process.env.PORT = "4123";

    expect(upstreamBaseUrl("passport")).toBe("http://127.0.0.1:4123");
    expect(upstreamBaseUrl("user")).toBe("http://127.0.0.1:4123");
    expect(upstreamBaseUrl("message")).toBe("http://127.0.0.1:4123");
  });

  it("use port 3000 when PORT is not set", () => {
    delete process.env.PASSPORT_API_URL;
    delete process.env.PORT;

    expect(upstreamBaseUrl("passport")).toBe("http://127.0.0.1:3000");
  });

  it("take each service's own variable, without trailing slashes", () => {
    process.env.PASSPORT_API_URL = "https://passport.example.com/";
    process.env.USER_API_URL = "https://api.example.com/user-service//";
    process.env.MESSAGE_API_URL = " https://msg.example.com ";

    expect(upstreamBaseUrl("passport")).toBe("https://passport.example.com");
    expect(upstreamBaseUrl("user")).toBe("https://api.example.com/user-service");
    expect(upstreamBaseUrl("message")).toBe("https://msg.example.com");
  });
});
