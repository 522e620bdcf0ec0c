import { render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import userEvent from "@testing-library/user-event";
import type { AnnouncementItem, BanItem, Dashboard, Page } from "@/lib/contract/console/screens";
import { AnalyticsDashboard } from "@/components/console/analytics-dashboard";
import { dashboardColumns, dashboardCsv } from "@/components/console/analytics-columns";
import { AnnouncementComposer } from "@/components/console/announcement-composer";
import { AnnouncementTable } from "@/components/console/announcement-table";
import { BanForm } from "@/components/console/ban-form";
import { BanTable } from "@/components/console/ban-table";
import { MessageComposer } from "@/components/console/message-composer";
import { messages, renderIn } from "../support/render";

// the chart itself draws on a canvas (not in jsdom); what it is given is what this test checks
jest.mock("@/components/console/uplot-chart", () => ({
  __esModule: true,
  default: ({ series }: { series: { label: string }[] }) => <p>chart of {series.map((item) => item.label).join(", ")}</p>,
}));

// the forms read the server-rendered lists again after a change
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const { en, zh } = messages;
const pageLabels = {
  en: { title: en.announcement.title, intro: en.announcement.intro, empty: en.announcement.empty, published: en.announcement.published, until: en.announcement.until },
  zh: { title: zh.announcement.title, intro: zh.announcement.intro, empty: zh.announcement.empty, published: zh.announcement.published, until: zh.announcement.until },
};

describe("message composer", () => {
  test("English and Chinese side by side, each previewed as the message centre shows it, then sent", async () => {
    const onSend = jest.fn().mockResolvedValue({ ok: true, data: { delivered: 1 } });
    renderIn("en", <MessageComposer onSend={onSend} />);
    const user = userEvent.setup();
    const english = screen.getByRole("group", { name: en.console.messages.english });
    const chinese = screen.getByRole("group", { name: en.console.messages.chinese });
    await user.type(within(english).getByLabelText(en.console.messages.name), "Maintenance");
    await user.type(within(english).getByLabelText(en.console.messages.content), "Down at 2");
    await user.type(within(chinese).getByLabelText(en.console.messages.name), "维护");
    await user.type(within(chinese).getByLabelText(en.console.messages.content), "两点停机");
    const preview = screen.getByRole("region", { name: new RegExp(`^${en.console.messages.preview}`) });
    expect(within(preview).getByRole("button", { name: /Maintenance/ })).toBeInTheDocument();
    expect(within(preview).getByRole("button", { name: /维护/ })).toBeInTheDocument();
    expect(within(preview).getByText("两点停机")).toBeInTheDocument();
    await user.type(screen.getByLabelText(en.console.messages.email), "reader@x.test");
    await user.type(screen.getByLabelText(en.console.common.reason), "planned work");
    await user.click(screen.getByRole("button", { name: en.console.messages.send }));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ appCode: "passport", category: "system", target: "user", email: "reader@x.test", reason: "planned work", texts: { en: { title: "Maintenance", body: "Down at 2" }, zh: { title: "维护", body: "两点停机" } } }));
    expect(await screen.findByText("Sent to 1 user.")).toBeInTheDocument();
  });

  test("to everyone: no email field; a refusal in Chinese", async () => {
    renderIn("zh", <MessageComposer onSend={jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { texts: "badTexts" } } })} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(zh.console.messages.target), "everyone");
    expect(screen.queryByLabelText(zh.console.messages.email)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: zh.console.messages.send }));
    expect(await screen.findByText(zh.console.errors.badTexts)).toBeInTheDocument();
  });
});

describe("announcement composer", () => {
  test("the preview is the announcement page's own view, in each language, with the end date", async () => {
    const onPublish = jest.fn().mockResolvedValue({ ok: true, data: { id: "a1" } });
    renderIn("en", <AnnouncementComposer pageLabels={pageLabels} onPublish={onPublish} />);
    const user = userEvent.setup();
    await user.type(within(screen.getByRole("group", { name: en.console.messages.english })).getByLabelText(en.console.messages.name), "New firmware");
    await user.type(within(screen.getByRole("group", { name: en.console.messages.chinese })).getByLabelText(en.console.messages.name), "新固件");
    await user.type(screen.getByLabelText(en.console.messages.until), "2026-12-31");
    const preview = screen.getByRole("region", { name: new RegExp(`^${en.console.messages.preview}`) });
    expect(within(preview).getByRole("heading", { level: 4, name: "New firmware" })).toBeInTheDocument();
    expect(within(preview).getByRole("heading", { level: 4, name: "新固件" })).toBeInTheDocument();
    expect(within(preview).getAllByText(/2026-12-31/).length).toBe(2);
    await user.type(screen.getByLabelText(en.console.common.reason), "release");
    await user.click(screen.getByRole("button", { name: en.console.messages.publish }));
    expect(onPublish).toHaveBeenCalledWith(expect.objectContaining({ until: "2026-12-31", reason: "release" }));
    expect(await screen.findByText(en.console.messages.published)).toBeInTheDocument();
  });
});

describe("bans", () => {
  const list: Page<BanItem> = { items: [{ network: "198.51.100.0/24", reason: "abuse", createdAt: "2026-03-01T00:00:00Z", expiresAt: "2026-04-01T00:00:00.000Z", inForce: true }], total: 1, page: 1, pageSize: 20 };

  test("a bad address gets the translated explanation on its field", async () => {
    renderIn("en", <BanForm onAdd={jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { network: "rangeTooWide" } } })} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(en.console.bans.network), "0.0.0.0/0");
    await user.click(screen.getByRole("button", { name: en.console.bans.add }));
    expect(await screen.findByText(en.console.errors.rangeTooWide)).toBeInTheDocument();
    expect(screen.getByLabelText(en.console.bans.network)).toHaveValue("0.0.0.0/0");
  });

  test("the list shows reason and last day; removing asks for a reason and takes it off the list", async () => {
    const onRemove = jest.fn().mockResolvedValue({ ok: true, data: { network: "198.51.100.0/24" } });
    renderIn("en", <BanTable list={list} added={[]} canRemove onRemove={onRemove} previous={null} next={null} />);
    expect(screen.getByText("abuse")).toBeInTheDocument();
    expect(screen.getByText(`${en.console.bans.expires}: 2026-03-31`)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: `${en.console.bans.remove} 198.51.100.0/24` }));
    const dialog = await screen.findByRole("dialog", { name: "Lift the ban on 198.51.100.0/24?" });
    await user.type(within(dialog).getByLabelText(en.console.common.reason), "x");
    await user.click(within(dialog).getByRole("button", { name: en.console.bans.remove }));
    expect(onRemove).toHaveBeenCalledWith("198.51.100.0/24", "x");
    expect(await screen.findByText("The ban on 198.51.100.0/24 is lifted.")).toBeInTheDocument();
    expect(screen.queryByText("abuse")).not.toBeInTheDocument();
  });

  test("a viewer gets no remove button", () => {
    renderIn("zh", <BanTable list={list} added={[]} canRemove={false} onRemove={jest.fn()} previous={null} next={null} />);
    expect(screen.queryByRole("button", { name: new RegExp(zh.console.bans.remove) })).not.toBeInTheDocument();
  });
});

describe("analytics", () => {
  const board: Dashboard = {
    from: "2026-03-01",
    to: "2026-03-02",
    days: ["2026-03-01", "2026-03-02"],
    brand: null,
    platform: null,
    signIns: [3, 4],
    registrations: [1, 0],
    redemptions: [0, 2],
    failures: [{ label: "20205", values: [5, 1] }],
    codesSent: [{ label: "register", values: [2, 2] }],
    events: [{ label: "pageView", values: [10, 12] }],
    brands: [{ key: "xtool", signIns: 7, registrations: 1 }],
    platforms: [{ key: "", signIns: 7, registrations: 1 }],
  };

  test("charts, the table of the same numbers, and the breakdowns", async () => {
    renderIn("en", <AnalyticsDashboard board={board} />);
    expect(await screen.findByText("chart of Sign-ins, Registrations")).toBeInTheDocument();
    expect(screen.getByText("chart of failure 20205")).toBeInTheDocument();
    const table = screen.getByRole("region", { name: en.console.analytics.tableTitle });
    const row = within(table).getByRole("row", { name: /2026-03-02/ });
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["4", "0", "2", "1", "2", "12"]);
    expect(screen.getByRole("table", { name: en.console.analytics.byPlatform })).toHaveTextContent(en.console.analytics.none);
    expect(screen.getByLabelText(en.console.analytics.from)).toHaveValue("2026-03-01");
  });

  test("the CSV holds every column, and quotes what a spreadsheet would run", () => {
    const columns = dashboardColumns(board, { signIns: "Sign-ins", registrations: "Registrations", redemptions: "Redemptions", failure: (code) => `failure ${code}`, code: (p) => `code ${p}`, event: (e) => `=${e}` });
    expect(dashboardCsv(board.days, columns, "Day").split("\r\n")).toEqual([
      'Day,Sign-ins,Registrations,Redemptions,failure 20205,code register,"=pageView"',
      "2026-03-01,3,1,0,5,2,10",
      "2026-03-02,4,0,2,1,2,12",
      "",
    ]);
  });
});

describe("announcement list", () => {
  const item = (id: string, title: string, state: AnnouncementItem["state"]): AnnouncementItem => ({ id, title: { en: title, zh: title }, body: { en: "", zh: "" }, publishedAt: "2026-11-29T08:00:00.000Z", expiresAt: null, withdrawnAt: null, state });
  const page = (items: AnnouncementItem[]): Page<AnnouncementItem> => ({ items, total: items.length, page: 1, pageSize: 20 });
  const table = (list: Page<AnnouncementItem>, onUnpublish: jest.Mock) => (
    <NextIntlClientProvider locale="en" messages={en}>
      <AnnouncementTable key={list.page} list={list} canUnpublish onUnpublish={onUnpublish} previous={null} next={null} />
    </NextIntlClientProvider>
  );

  test("the notice of an unpublish outlives the redraw, even when another operator's announcement arrived in between", async () => {
    const onUnpublish = jest.fn().mockResolvedValue({ ok: true, data: null });
    const { rerender } = render(table(page([item("a", "Firmware 2", "shown")]), onUnpublish));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: en.console.messages.unpublish }));
    const dialog = screen.getByRole("dialog", { name: en.console.messages.unpublishTitle });
    await user.type(within(dialog).getByLabelText(en.console.common.reason), "superseded");
    await user.click(within(dialog).getByRole("button", { name: en.console.messages.unpublish }));
    expect(await screen.findByText(en.console.messages.unpublished)).toBeInTheDocument();
    expect(onUnpublish).toHaveBeenCalledWith("a", "superseded");
    // the server's list after the action: a newer announcement on top, this one withdrawn
    rerender(table(page([item("b", "Firmware 3", "shown"), item("a", "Firmware 2", "withdrawn")]), onUnpublish));
    expect(screen.getByText(en.console.messages.unpublished)).toBeInTheDocument();
    const rows = screen.getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Firmware 3");
    expect(rows[1]).toHaveTextContent(en.console.messages.states.withdrawn);
  });
});
