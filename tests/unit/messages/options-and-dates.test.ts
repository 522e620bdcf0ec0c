import { visitorLanguage } from "@/lib/i18n/visitor-language";
import { parseColor, parseImage, parseMessageOptions } from "@/lib/launch/message-options";
import { messageDateLabel } from "@/components/messages/message-date";

describe("the language of /announcement and /learnMore, chosen in the browser", () => {
  it("takes ?lang=, then the IntlLang cookie, then the browser's languages, then en", () => {
    expect(visitorLanguage({ search: "?lang=zh", cookie: "IntlLang=en", languages: ["en-US"] })).toBe("zh");
    expect(visitorLanguage({ search: "?lang=fr", cookie: "a=1; IntlLang=zh", languages: ["en-US"] })).toBe("zh");
    expect(visitorLanguage({ search: "", cookie: "", languages: ["fr-FR", "zh-TW", "en"] })).toBe("zh");
    expect(visitorLanguage({ search: "", cookie: "IntlLang=de", languages: ["fr"] })).toBe("en");
  });
});

describe("the message options a host passes on /{lang}/message", () => {
  it("accepts a hex colour only", () => {
    expect(parseColor("28BE44")).toBe("#28be44");
    expect(parseColor("#abc")).toBe("#aabbcc");
    for (const bad of ["red", "#12345", "#28be44;background:url(x)", "var(--x)", undefined]) expect(parseColor(bad)).toBeNull();
  });

  it("accepts an empty-list picture from this site or an allowed https host", () => {
    expect(parseImage("/images/empty.svg", [])).toBe("/images/empty.svg");
    expect(parseImage("https://cdn.example.com/e.png", ["*.example.com"])).toBe("https://cdn.example.com/e.png");
    for (const bad of ["https://evil.test/e.png", "//evil.test/e.png", "javascript:alert(1)", "data:image/png;base64,AA", "http://cdn.example.com/e.png", "/a b.png"]) {
      expect(parseImage(bad, ["*.example.com"])).toBeNull();
    }
  });

  it("sorts newest first unless sort=asc", () => {
    expect(parseMessageOptions({}, []).sort).toBe("desc");
    expect(parseMessageOptions({ sort: "ASC" }, []).sort).toBe("asc");
    expect(parseMessageOptions({ sort: ["asc", "desc"], color: "ff6600" }, [])).toEqual({ sort: "asc", color: "#ff6600", emptyDataImg: null });
    expect(parseMessageOptions({ sort: "random" }, []).sort).toBe("desc");
  });
});

describe("message dates (SPEC §9)", () => {
  const now = new Date(2026, 4, 4, 9, 30);
  it("are YYYY-MM-DD, and 'Yesterday' for yesterday's in the local time zone", () => {
    expect(messageDateLabel(new Date(2026, 4, 3, 23, 59).toISOString(), "Yesterday", now)).toBe("Yesterday");
    expect(messageDateLabel(new Date(2026, 4, 3, 0, 0).toISOString(), "昨天", now)).toBe("昨天");
    expect(messageDateLabel(new Date(2026, 4, 4, 0, 1).toISOString(), "Yesterday", now)).toBe("2026-05-04");
    expect(messageDateLabel(new Date(2026, 4, 2, 23, 59).toISOString(), "Yesterday", now)).toBe("2026-05-02");
    expect(messageDateLabel(new Date(2026, 0, 1, 12).toISOString(), "Yesterday", new Date(2026, 0, 2, 8))).toBe("Yesterday");
    expect(messageDateLabel("not a date", "Yesterday", now)).toBe("");
  });
});
