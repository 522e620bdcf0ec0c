import { screen, within, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { SWRConfig } from "swr";
import type { LoginSessionItem } from "@/lib/contract/user";
import { SessionsSection } from "@/components/security/sessions-section";
import { endSessionsAction } from "@/lib/actions/security";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/security", () => ({ endSessionsAction: jest.fn() }));
const endSessions = jest.mocked(endSessionsAction);
const { en, zh } = messages;

/** YYYY-MM-DD HH:mm in the zone of the browser (here: the test machine's), the user's zone. */
function local(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
const page = { lang: "en", query: "p=atomm", business: false };

function session(id: string, overrides: Partial<LoginSessionItem> = {}): LoginSessionItem {
  return {
    id,
    ip: "198.51.100.4",
    location: "Berlin, Germany",
    firstLogin: "2026-11-02T08:05:00.000Z",
    lastLogin: "2026-11-20T17:42:00.000Z",
    application: "atomm",
    platform: "web-pc",
    os: "Windows 11 · Chrome 142",
    current: false,
    ...overrides,
  };
}

const current = session("00000000-0000-4000-8000-000000000001", { current: true, ip: "127.0.0.1", location: null, platform: "web-mobile", os: null, application: null });
const other = session("00000000-0000-4000-8000-000000000002");
const firstPage = { list: [current, other], total: 2, page: 1, pageSize: 10 };

const server = setupServer();
let requests: URL[] = [];
let answer: () => Response = () => HttpResponse.json({ ok: true, data: firstPage });

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  requests = [];
  answer = () => HttpResponse.json({ ok: true, data: firstPage });
  endSessions.mockReset();
  server.use(
    http.get("*/api/sessions", ({ request }) => {
      requests.push(new URL(request.url));
      return answer();
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderSection(locale: "en" | "zh" = "en", initial = firstPage) {
  return renderIn(
    locale,
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionsSection page={{ ...page, lang: locale }} initial={initial} initialError={null} />
    </SWRConfig>,
  );
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest("tr");
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe("account security: login logs and sessions", () => {
  it("lists each session's address, place, times, application, platform and system, the current one marked", async () => {
    renderSection();
    const table = screen.getByRole("table", { name: en.security.sessions.title });
    for (const key of ["ip", "location", "firstLogin", "lastLogin", "application", "platform", "os"] as const) {
      expect(within(table).getByRole("columnheader", { name: en.security.sessions.columns[key] })).toBeInTheDocument();
    }
    const mine = rowOf("127.0.0.1");
    expect(within(mine).getByText(en.security.sessions.current)).toBeInTheDocument();
    expect(within(mine).getByText(en.security.sessions.platforms["web-mobile"])).toBeInTheDocument();
    expect(within(mine).getAllByText(en.security.sessions.unknown)).toHaveLength(3);
    expect(within(mine).queryByRole("button", { name: en.security.sessions.end })).not.toBeInTheDocument();

    const theirs = rowOf("198.51.100.4");
    expect(within(theirs).getByText("Berlin, Germany")).toBeInTheDocument();
    expect(within(theirs).getByText("Atomm")).toBeInTheDocument();
    expect(within(theirs).getByText(en.security.sessions.platforms["web-pc"])).toBeInTheDocument();
    expect(within(theirs).getByText("Windows 11 · Chrome 142")).toBeInTheDocument();
    expect(within(theirs).getByText(local(other.lastLogin))).toBeInTheDocument();
    expect(within(theirs).getByText(local(other.firstLogin))).toBeInTheDocument();
  });

  it("names the app a sign-in was made for, after the social provider used", () => {
    const fromApp = session("00000000-0000-4000-8000-000000000003", { ip: "203.0.113.9", app: "Welder Studio" });
    const socialFromApp = session("00000000-0000-4000-8000-000000000004", { ip: "203.0.113.10", provider: "google", app: "Welder Studio" });
    renderSection("en", { list: [current, other, fromApp, socialFromApp], total: 4, page: 1, pageSize: 10 });
    expect(within(rowOf("203.0.113.9")).getByText("Atomm · via Welder Studio")).toBeInTheDocument();
    expect(within(rowOf("203.0.113.10")).getByText("Atomm · Google · via Welder Studio")).toBeInTheDocument();
    expect(within(rowOf("198.51.100.4")).getByText("Atomm")).toBeInTheDocument();
  });

  it("labels the platforms in the page's language", () => {
    renderSection("zh");
    expect(within(rowOf("198.51.100.4")).getByText(zh.security.sessions.platforms["web-pc"])).toBeInTheDocument();
    expect(screen.getByText(zh.security.pagination.itemsPerPage)).toBeInTheDocument();
  });

  it("ends another session after a confirmation and reloads the list", async () => {
    endSessions.mockResolvedValue({ ok: true, ended: 1 });
    renderSection();
    await waitFor(() => expect(requests).toHaveLength(1));
    answer = () => HttpResponse.json({ ok: true, data: { ...firstPage, list: [current], total: 1 } });
    await userEvent.click(within(rowOf("198.51.100.4")).getByRole("button", { name: en.security.sessions.end }));
    const dialog = await screen.findByRole("alertdialog", { name: en.security.sessions.endTitle });
    await userEvent.click(within(dialog).getByRole("button", { name: en.security.sessions.endConfirm }));
    expect(endSessions).toHaveBeenCalledWith({ sessionId: other.id }, page);
    expect(await screen.findByText(en.security.sessions.endedOne)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("198.51.100.4")).not.toBeInTheDocument());
  });

  it("ends every other session after a confirmation; cancelling ends nothing", async () => {
    endSessions.mockResolvedValue({ ok: true, ended: 1 });
    renderSection();
    await userEvent.click(screen.getByRole("button", { name: en.security.sessions.endOthers }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: en.security.cancel }));
    expect(endSessions).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: en.security.sessions.endOthers }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: en.security.sessions.endOthersConfirm }));
    expect(endSessions).toHaveBeenCalledWith({}, page);
    expect(await screen.findByText("1 other session was ended.")).toBeInTheDocument();
  });

  it("pages through the log with the chosen number of items per page", async () => {
    answer = () => {
      const asked = requests.at(-1);
      const number = Number(asked?.searchParams.get("page"));
      const size = Number(asked?.searchParams.get("pageSize"));
      return HttpResponse.json({ ok: true, data: { list: number === 1 ? [current, other] : [other], total: 25, page: number, pageSize: size } });
    };
    renderSection("en", { ...firstPage, total: 25 });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: en.security.pagination.next }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get("page")).toBe("2"));
    expect(requests.at(-1)?.searchParams.get("pageSize")).toBe("10");
    expect(requests.at(-1)?.searchParams.get("lang")).toBe("en");
    expect(requests.at(-1)?.searchParams.get("p")).toBe("atomm");
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole("combobox"), "20");
    await waitFor(() => expect(requests.at(-1)?.searchParams.get("pageSize")).toBe("20"));
    expect(requests.at(-1)?.searchParams.get("page")).toBe("1");
  });

  it("says why the log could not be read", async () => {
    answer = () => HttpResponse.json({ ok: false, error: { code: 1002 } }, { status: 503 });
    renderSection("en", { ...firstPage });
    expect(await screen.findByText(en.errors["1002"])).toBeInTheDocument();
  });
});
