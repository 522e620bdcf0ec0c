import { screen, waitFor } from "@testing-library/react";
import { SocialButtons } from "@/components/auth/social-buttons";
import { parseLaunchContext } from "@/lib/launch/context";
import { variantOf } from "@/lib/launch/variant";
import { messages, renderIn } from "../support/render";

const providers = ["google", "facebook", "apple"];
/** What the middleware decides for the page's variant from the launch query. */
const visibleFor = (query: string) => variantOf(parseLaunchContext(new URLSearchParams(query), null)).social;
const button = (name: string, lang: "en" | "zh" = "en") =>
  screen.queryByRole("link", { name: messages[lang].social.buttons.continueWith.replace("{provider}", name) });

describe("social buttons on login and register", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("shows one link per provider, named <provider>Login for analytics, starting the round trip with the launch context and r", async () => {
    window.history.replaceState(null, "", "/zh/login?p=atomm&s=pc&av=2.6.0&r=https%3A%2F%2Fportal.test%2Fzh%2Fprofile%2Fsecurity");
    renderIn("zh", <SocialButtons lang="zh" providers={providers} visible={visibleFor("p=atomm&s=pc&av=2.6.0")} />);
    const google = button("Google", "zh");
    expect(google).toHaveAttribute("data-analytics-id", "googleLogin");
    expect(button("Facebook", "zh")).toHaveAttribute("data-analytics-id", "facebookLogin");
    expect(button("Apple", "zh")).toHaveAttribute("data-analytics-id", "appleLogin");
    // the page is static: the launch parameters and r come from the address once it runs
    await waitFor(() => expect(google?.getAttribute("href")).toContain("r="));
    const href = new URL(google?.getAttribute("href") ?? "", "http://portal.test");
    expect(href.pathname).toBe("/api/social/google");
    expect(Object.fromEntries(href.searchParams)).toEqual({ lang: "zh", p: "atomm", s: "pc", av: "2.6.0", r: "https://portal.test/zh/profile/security" });
  });

  it.each([
    ["sl=0", "sl=0"],
    ["an old creative-space app", "p=creative_space&av=1.6.9"],
    ["an old passport app on mobile", "p=passport&s=mobile&av=1.2"],
  ])("is hidden for %s", (_what, query) => {
    renderIn("en", <SocialButtons lang="en" providers={providers} visible={visibleFor(query)} />);
    expect(button("Google")).toBeNull();
  });

  it("is hidden when no provider is offered (the China region), and shown for new app versions and browsers", () => {
    const { unmount } = renderIn("en", <SocialButtons lang="en" providers={[]} visible={visibleFor("")} />);
    expect(button("Google")).toBeNull();
    unmount();
    renderIn("en", <SocialButtons lang="en" providers={["google"]} visible={visibleFor("p=creative_space&av=1.7")} />);
    expect(button("Google")).not.toBeNull();
    expect(button("Facebook")).toBeNull();
  });
});
