/** @jest-environment node */
import { NextRequest } from "next/server";
import { resetPortalConfig } from "@/lib/config";
import { readStart } from "@/lib/social/start";

/**
 * A provider button clicked before the static sign-in page's script added the address's `r` and
 * launch parameters to it: the round trip still returns to `r` (an OpenID sign-in's interaction,
 * say) with the page's brand, taken from the page's own address in the Referer. Another site's
 * Referer adds nothing, and the link's own query wins.
 */
const ORIGIN = "https://passport.example.com";
const INTERACTION = `${ORIGIN}/oidc/interaction/abc`;
const saved = { ...process.env };
beforeEach(() => {
  process.env.PUBLIC_ORIGIN = ORIGIN;
  resetPortalConfig();
});
afterEach(() => {
  process.env = { ...saved };
  resetPortalConfig();
});

function start(link: string, referer?: string) {
  return readStart(new NextRequest(`${ORIGIN}${link}`, { headers: referer ? { referer } : {} }), "google");
}

test("a bare link from the sign-in page takes r and the launch parameters of the page's address", () => {
  const page = `${ORIGIN}/zh/login?${new URLSearchParams({ r: INTERACTION, p: "atomm", other: "x" })}`;
  const taken = start("/api/social/google?lang=zh", page);
  expect(taken.r).toBe(INTERACTION);
  expect(taken.launch.p).toBe("atomm");
  expect(taken.lang).toBe("zh");
});

test("the link's own query wins over the page's", () => {
  const taken = start(`/api/social/google?lang=en&r=${encodeURIComponent(`${ORIGIN}/en/profile/settings`)}`, `${ORIGIN}/en/login?r=${encodeURIComponent(INTERACTION)}`);
  expect(taken.r).toBe(`${ORIGIN}/en/profile/settings`);
});

test("another site's page, or no Referer, adds nothing", () => {
  expect(start("/api/social/google?lang=en", `https://evil.example/en/login?r=${encodeURIComponent(INTERACTION)}&p=welder`)).toMatchObject({ r: null });
  expect(start("/api/social/google?lang=en", "not a url").r).toBeNull();
  expect(start("/api/social/google?lang=en").r).toBeNull();
});
