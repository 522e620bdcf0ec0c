import { describeUserAgent, platformFromUserAgent } from "@/lib/backend/agent/user-agent";

const UA = {
  macChrome:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  windows7Chrome: "Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36",
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  ipadSafari:
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  wechat:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.43(0x18002b2c) NetType/WIFI Language/zh_CN",
};

describe("describeUserAgent", () => {
  test("system and browser of common browsers", () => {
    expect(describeUserAgent(UA.macChrome)).toBe("macOS · Chrome 131");
    expect(describeUserAgent(UA.macSafari)).toBe("macOS · Safari 18");
    expect(describeUserAgent(UA.windowsEdge)).toBe("Windows · Edge 131");
    expect(describeUserAgent(UA.windows7Chrome)).toBe("Windows 7 · Chrome 109");
    expect(describeUserAgent(UA.iphoneSafari)).toBe("iOS 18 · Safari 18");
    expect(describeUserAgent(UA.androidChrome)).toBe("Android 14 · Chrome 131");
    expect(describeUserAgent(UA.linuxFirefox)).toBe("Linux · Firefox 133");
    expect(describeUserAgent(UA.wechat)).toBe("iOS 17 · WeChat 8");
  });

  test("what cannot be parsed is shown as far as it is known, and nothing is null", () => {
    expect(describeUserAgent("XCS/2.1.0 (Windows NT 6.1)")).toBe("Windows 7");
    expect(describeUserAgent("curl/8.5.0")).toBeNull();
    expect(describeUserAgent("")).toBeNull();
    expect(describeUserAgent("   ")).toBeNull();
    expect(describeUserAgent(null)).toBeNull();
  });
});

describe("platformFromUserAgent", () => {
  test("phones, tablets and everything else", () => {
    expect(platformFromUserAgent(UA.iphoneSafari)).toBe("web-mobile");
    expect(platformFromUserAgent(UA.androidChrome)).toBe("web-mobile");
    expect(platformFromUserAgent(UA.ipadSafari)).toBe("web-pad");
    expect(platformFromUserAgent(UA.androidTablet)).toBe("web-pad");
    expect(platformFromUserAgent(UA.macChrome)).toBe("web-pc");
    expect(platformFromUserAgent(UA.windowsEdge)).toBe("web-pc");
    expect(platformFromUserAgent(null)).toBe("web-pc");
  });
});
