import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { SWRConfig } from "swr";
import type { SnHistory } from "@/lib/contract/safety";
import { SnHistoryTable } from "@/components/training/sn-history";
import { SnPasswordForm } from "@/components/training/sn-password-form";
import { snPasswordAction } from "@/lib/actions/training";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/training", () => ({ snPasswordAction: jest.fn() }));
const generate = jest.mocked(snPasswordAction);
const SN = "XTW1200A2026B0000000001";
const OTHER = "XTW0800A2026C0000000042";
const page = { lang: "en", query: "p=atomm" };

function history(list: SnHistory["list"]): SnHistory {
  return { list, total: list.length, page: 1, pageSize: 10, devicesUsed: new Set(list.map((item) => item.sn)).size, devicesLimit: 10 };
}
const one = history([{ id: "a", sn: SN, power: "1200W", issuedAt: "2026-11-26T09:05:00.000Z" }]);

const server = setupServer();
let requests: URL[] = [];
let answer: SnHistory | number = one;
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  requests = [];
  answer = one;
  generate.mockReset();
  server.use(
    http.get("*/api/training/sn-passwords", ({ request }) => {
      requests.push(new URL(request.url));
      return typeof answer === "number" ? HttpResponse.json({ ok: false, error: { code: answer } }, { status: 400 }) : HttpResponse.json({ ok: true, data: answer });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A fresh SWR cache per test, as a new page load has. */
function fresh(ui: React.ReactElement) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>;
}

for (const lang of ["en", "zh"] as const) {
  it(`lists the issued passwords as a table with its caption and column headers, without the passwords, in ${lang}`, async () => {
    const t = messages[lang].training.snHistory;
    renderIn(lang, fresh(<SnHistoryTable page={{ lang, query: "" }} initial={one} />));
    const table = screen.getByRole("table", { name: t.caption });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([t.sn, t.power, t.issuedAt]);
    const [, row] = within(table).getAllByRole("row");
    expect(within(row as HTMLElement).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([SN, "1200W", "2026-11-26 09:05"]);
    expect(screen.getByRole("heading", { name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.budget.replace("{used}", "1").replace("{limit}", "10"))).toBeInTheDocument();
    // what the server rendered is shown as it is, not fetched again
    expect(requests).toHaveLength(0);
  });
}

it("says so when nothing was issued yet", async () => {
  renderIn("zh", fresh(<SnHistoryTable page={page} initial={history([])} />));
  expect(screen.getByText(messages.zh.training.snHistory.empty)).toBeInTheDocument();
  expect(screen.queryByRole("table")).not.toBeInTheDocument();
});

it("fetches the history again after a new password, with the page's language and launch", async () => {
  const t = messages.en.training.sn;
  generate.mockResolvedValue({ ok: true, sn: OTHER, power: "800W", password: "YET9D86Y8DGA" });
  renderIn(
    "en",
    fresh(
      <>
        <SnPasswordForm page={page} />
        <SnHistoryTable page={page} initial={one} />
      </>,
    ),
  );
  answer = history([{ id: "b", sn: OTHER, power: "800W", issuedAt: "2026-11-26T10:00:00.000Z" }, ...one.list]);
  await userEvent.type(screen.getByLabelText(t.sn), OTHER);
  await userEvent.click(screen.getByLabelText("800W"));
  await userEvent.click(screen.getByRole("button", { name: t.generate }));
  expect(await screen.findByText(OTHER, { selector: "td" })).toBeInTheDocument();
  expect(requests).toHaveLength(1);
  expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({ p: "atomm", lang: "en", page: "1", pageSize: "10" });
  await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(3));
});

it("fetches the history itself when the page could not, and shows a failure as a translated error; an upstream without the endpoint shows nothing", async () => {
  answer = 10000;
  const { unmount } = renderIn("zh", fresh(<SnHistoryTable page={page} initial={null} />));
  expect(await screen.findByText(messages.zh.errors["10000"])).toBeInTheDocument();
  unmount();
  answer = 10006;
  renderIn("en", fresh(<SnHistoryTable page={page} initial={null} />));
  await waitFor(() => expect(requests).toHaveLength(2));
  await waitFor(() => expect(screen.queryByRole("heading", { name: messages.en.training.snHistory.title })).not.toBeInTheDocument());
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
