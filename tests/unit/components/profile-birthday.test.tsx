import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BirthdayForm } from "@/components/profile/birthday-form";
import { saveBirthdayAction } from "@/lib/actions/profile";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/profile", () => ({ saveBirthdayAction: jest.fn() }));
const refresh = jest.fn();
// the settings page's data is read again after a save (the page's ViewReload)
jest.mock("@/components/account/account-view", () => ({ useViewReload: () => refresh }));
const save = jest.mocked(saveBirthdayAction);
const { en, zh } = messages;
const page = { lang: "en", query: "" };

function renderForm(lang: "en" | "zh" = "en", birthday: string | null = null) {
  const m = messages[lang];
  renderIn(
    lang,
    <>
      <label htmlFor="birthday-input">{m.settings.birthday}</label>
      <BirthdayForm page={{ lang, query: "" }} birthday={birthday} inputId="birthday-input" />
    </>,
  );
  return screen.getByLabelText(m.settings.birthday);
}

beforeEach(() => {
  save.mockReset();
  refresh.mockReset();
});

describe("birthday", () => {
  it("is required", async () => {
    renderForm("zh");
    await userEvent.click(screen.getByRole("button", { name: zh.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(zh.profile.validation.birthdayRequired);
    expect(save).not.toHaveBeenCalled();
  });

  it("refuses dates that do not exist or are not YYYY-MM-DD", async () => {
    const input = renderForm();
    await userEvent.type(input, "2001-02-29");
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.profile.validation.birthdayInvalid);
    await userEvent.clear(input);
    await userEvent.type(input, "12/31/1999");
    expect(await screen.findByRole("alert")).toHaveTextContent(en.profile.validation.birthdayInvalid);
    expect(save).not.toHaveBeenCalled();
  });

  it("refuses a future date", async () => {
    const input = renderForm();
    await userEvent.type(input, `${new Date().getUTCFullYear() + 1}-01-01`);
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.profile.validation.birthdayFuture);
    expect(save).not.toHaveBeenCalled();
  });

  it("saves a typed date as YYYY-MM-DD, and keeps it when the save fails", async () => {
    save.mockResolvedValueOnce({ ok: false, error: { code: 10004, retryAfter: 5 } });
    const input = renderForm();
    await userEvent.type(input, "1990/7/4");
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please try again in 5 seconds.");
    expect(save).toHaveBeenCalledWith({ birthday: "1990-07-04" }, page);
    expect(input).toHaveValue("1990-07-04");

    save.mockResolvedValueOnce({ ok: true, value: { birthday: "1990-07-04" } });
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByRole("status")).toHaveTextContent(en.profile.saved);
    expect(refresh).toHaveBeenCalled();
  });

  it("picks a day from the calendar, which opens on the saved month and offers no later day than today", async () => {
    const input = renderForm("en", "2000-01-15");
    await userEvent.click(screen.getByRole("button", { name: en.profile.birthday.openCalendar }));
    const calendar = await screen.findByRole("dialog", { name: en.profile.birthday.calendar });
    const grid = within(calendar).getByRole("grid");
    expect(within(grid).getByRole("button", { name: /January 15th, 2000/ })).toHaveFocus();
    await userEvent.click(within(grid).getByRole("button", { name: /January 20th, 2000/ }));
    expect(input).toHaveValue("2000-01-20");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.click(screen.getByRole("button", { name: en.profile.birthday.openCalendar }));
    const years = within(await screen.findByRole("dialog")).getByRole("combobox", { name: /year/i });
    expect(within(years).getByRole("option", { name: String(new Date().getFullYear()) })).toBeInTheDocument();
    expect(within(years).getByRole("option", { name: "1900" })).toBeInTheDocument();
    expect(within(years).queryByRole("option", { name: String(new Date().getFullYear() + 1) })).not.toBeInTheDocument();
  });
});
