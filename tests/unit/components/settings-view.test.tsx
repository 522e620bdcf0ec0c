import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { SWRConfig } from "swr";
import type { ProfileView } from "@/lib/profile/view";
import { SettingsView } from "@/components/profile/settings-view";
import { BusinessSettingsView } from "@/components/account/business-settings-view";
import { saveOtherInfoAction } from "@/lib/actions/profile";
import { messages, renderIn } from "../support/render";

/**
 * The settings page is a static shell: its client reads the user's data from /api/profile, shows
 * the page's frame while it does, and offers to try again when the read fails.
 */
jest.mock("@/lib/actions/profile", () => ({
  saveOtherInfoAction: jest.fn(),
  saveGenderAction: jest.fn(),
  saveBirthdayAction: jest.fn(),
  saveCountryAction: jest.fn(),
}));
const replace = jest.fn();
jest.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams("p=atomm&s=pc&r=https://x.test/"), useRouter: () => ({ replace }) }));
const saveOtherInfo = jest.mocked(saveOtherInfoAction);
const { en, zh } = messages;

function view(nickname: string | null): ProfileView {
  return {
    user: {
      uid: "00000000-0000-4000-8000-00000000000a",
      email: "ada@example.test",
      nickname,
      headpic: null,
      enterpriseUser: null,
      introduction: null,
      gender: "female",
      birthday: "1990-12-10",
      country: 1,
      region: 2,
      countryRegion: null,
      createdAt: "2026-01-05T10:00:00.000Z",
    },
    avatarSrc: null,
    regions: [{ id: 2, name: "Berlin" }],
  };
}

const server = setupServer();
let requests: URL[] = [];
let answers: (() => Response | Promise<Response>)[] = [];
let countries: () => Response = () => HttpResponse.json({ ok: true, data: [{ id: 1, name: "Germany" }] });

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  requests = [];
  answers = [];
  saveOtherInfo.mockReset();
  replace.mockReset();
  countries = () => HttpResponse.json({ ok: true, data: [{ id: 1, name: "Germany" }] });
  server.use(
    http.get("*/api/regions", () => countries()),
    http.get("*/api/profile/business", ({ request }) => {
      requests.push(new URL(request.url));
      const next = answers.shift();
      return next ? next() : HttpResponse.json({ ok: true, data: { user: { ...view("Ada").user, enterpriseUser: { uid: "e-1", account: "acme-ada", name: "Acme", defaultPassword: false } } } });
    }),
    http.get("*/api/profile", ({ request }) => {
      requests.push(new URL(request.url));
      const next = answers.shift();
      return next ? next() : HttpResponse.json({ ok: true, data: view("Ada") });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderView(lang: "en" | "zh" = "en") {
  return renderIn(
    lang,
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SettingsView lang={lang} />
    </SWRConfig>,
  );
}

describe("settings page: the user's data read by the browser", () => {
  it("shows the page's title while loading, then the user's profile; asks in the page's language and launch context", async () => {
    renderView();
    expect(screen.getByRole("heading", { level: 1, name: en.settings.title })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(en.common.loading);
    expect(await screen.findByText("Ada", { selector: "p" })).toBeVisible();
    expect(screen.getByText("ada@example.test", { selector: "dd" })).toBeVisible();
    expect(screen.getByText("Germany/Berlin")).toBeVisible();
    expect(screen.queryByText(en.common.loading)).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    const asked = requests[0];
    expect(asked?.searchParams.get("lang")).toBe("en");
    expect(asked?.searchParams.get("p")).toBe("atomm");
    expect(asked?.searchParams.get("s")).toBe("pc");
    // not a launch parameter: the sign-in's return address stays out of the data read
    expect(asked?.searchParams.has("r")).toBe(false);
  });

  it("says why a failed read failed, in the page's language, and reads again on request", async () => {
    answers.push(() => HttpResponse.json({ ok: false, error: { code: 10000 } }, { status: 500 }));
    renderView("zh");
    expect(await screen.findByText(zh.errors["10000"])).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: zh.settings.title })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: zh.common.retry }));
    expect(await screen.findByText("ada@example.test", { selector: "dd" })).toBeVisible();
    expect(screen.queryByText(zh.errors["10000"])).not.toBeInTheDocument();
  });

  it("without the country list the page still shows, and the location row says why", async () => {
    countries = () => HttpResponse.json({ ok: false, error: { code: 1002 } }, { status: 503 });
    renderView();
    expect(await screen.findByText("ada@example.test", { selector: "dd" })).toBeVisible();
    expect(screen.getByText(en.errors["1002"])).toBeVisible();
    expect(screen.getByLabelText(en.settings.nickname)).toHaveValue("Ada");
  });

  it("an answer that is not the portal's (a proxy's error page) is a system error, not a crash", async () => {
    answers.push(() => new HttpResponse("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }));
    renderView();
    expect(await screen.findByText(en.errors["10000"])).toBeVisible();
  });

  it("reads the data again on every view, even right after the last one: a session ended meanwhile goes to login", async () => {
    const reported = jest.spyOn(console, "error").mockImplementation(() => {});
    const navigations = () => reported.mock.calls.map(([error]: unknown[]) => String(error)).filter((text) => text.includes("navigation"));
    // leaving the page and coming back a moment later (the router's cache shows the shell again
    // without asking the server)
    function LeaveAndReturn() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((value) => !value)}>
            toggle
          </button>
          {shown ? <SettingsView lang="en" /> : null}
        </>
      );
    }
    renderIn(
      "en",
      <SWRConfig value={{ provider: () => new Map() }}>
        <LeaveAndReturn />
      </SWRConfig>,
    );
    expect(await screen.findByText("ada@example.test", { selector: "dd" })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "toggle" }));
    answers.push(() => HttpResponse.json({ ok: false, error: { code: 20101, redirect: "/en/login?p=atomm" } }, { status: 401 }));
    await userEvent.click(screen.getByRole("button", { name: "toggle" }));
    await waitFor(() => expect(requests).toHaveLength(2));
    // jsdom cannot navigate; it reports the browser's attempt to go to the login page
    await waitFor(() => expect(navigations()).toEqual([expect.stringContaining("Not implemented: navigation")]));
    reported.mockRestore();
  });

  it("after a save, reads the data again: the summary at the top follows", async () => {
    saveOtherInfo.mockResolvedValue({ ok: true, value: { nickname: "Grace", introduction: "" } });
    renderView();
    const about = await screen.findByLabelText(en.settings.nickname);
    answers.push(() => HttpResponse.json({ ok: true, data: view("Grace") }));
    await userEvent.clear(about);
    await userEvent.type(about, "Grace");
    const form = about.closest("form");
    if (!form) throw new Error("the nickname is not in a form");
    await userEvent.click(within(form).getByRole("button", { name: en.profile.save }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(await screen.findByText("Grace", { selector: "p" })).toBeVisible();
    expect(screen.getAllByRole("status").some((status) => status.textContent === en.profile.saved)).toBe(true);
  });
});

describe("enterprise account page: the same, from /api/profile/business", () => {
  function renderBusiness() {
    return renderIn(
      "en",
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <BusinessSettingsView lang="en" />
      </SWRConfig>,
    );
  }

  it("shows the title while loading, then the enterprise account", async () => {
    renderBusiness();
    expect(screen.getByRole("heading", { level: 1, name: en.businessSettings.title })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(en.common.loading);
    expect(await screen.findByText("acme-ada")).toBeVisible();
    expect(screen.getByText("Acme")).toBeVisible();
    expect(requests[0]?.pathname).toBe("/api/profile/business");
    expect(requests[0]?.searchParams.get("p")).toBe("atomm");
  });

  it("a session that is not an enterprise one goes to the enterprise login, keeping the launch query", async () => {
    answers.push(() => HttpResponse.json({ ok: true, data: view("Ada") }));
    renderBusiness();
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/en/login-business?p=atomm&s=pc"));
    expect(screen.queryByText("ada@example.test")).not.toBeInTheDocument();
  });
});
