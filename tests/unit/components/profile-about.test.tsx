import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OtherInfoForm } from "@/components/profile/other-info-form";
import { GenderForm } from "@/components/profile/gender-form";
import { saveGenderAction, saveOtherInfoAction } from "@/lib/actions/profile";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/profile", () => ({ saveOtherInfoAction: jest.fn(), saveGenderAction: jest.fn() }));
const refresh = jest.fn();
// the settings page's data is read again after a save (the page's ViewReload)
jest.mock("@/components/account/account-view", () => ({ useViewReload: () => refresh }));
const saveOtherInfo = jest.mocked(saveOtherInfoAction);
const saveGender = jest.mocked(saveGenderAction);
const { en, zh } = messages;
const page = { lang: "en", query: "p=atomm" };

beforeEach(() => {
  saveOtherInfo.mockReset();
  saveGender.mockReset();
  refresh.mockReset();
});

describe("nickname and introduction", () => {
  it("counts characters against the limits and refuses a nickname that is too long, in the page's language", async () => {
    renderIn("zh", <OtherInfoForm page={{ lang: "zh", query: "" }} nickname="" introduction="" />);
    await userEvent.type(screen.getByLabelText(zh.settings.nickname), "激".repeat(33));
    expect(screen.getByText("33/32")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: zh.profile.save }));
    expect(await screen.findByText("昵称最多 32 个字符")).toBeInTheDocument();
    expect(screen.getByLabelText(zh.settings.nickname)).toHaveAttribute("aria-invalid", "true");
    expect(saveOtherInfo).not.toHaveBeenCalled();
  });

  it("refuses an introduction over 200 characters", async () => {
    renderIn("en", <OtherInfoForm page={page} nickname="Ada" introduction="" />);
    await userEvent.click(screen.getByLabelText(en.settings.introduction));
    await userEvent.paste("x".repeat(201));
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByText("The introduction can be at most 200 characters")).toBeInTheDocument();
    expect(saveOtherInfo).not.toHaveBeenCalled();
  });

  it("shows the service's error and keeps what was typed; the next save says saved", async () => {
    saveOtherInfo.mockResolvedValueOnce({ ok: false, error: { code: 10000 } });
    renderIn("en", <OtherInfoForm page={page} nickname="Ada" introduction="" />);
    const nickname = screen.getByLabelText(en.settings.nickname);
    await userEvent.clear(nickname);
    await userEvent.type(nickname, "Ada L.");
    await userEvent.type(screen.getByLabelText(en.settings.introduction), "I cut wood.");
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["10000"]);
    expect(saveOtherInfo).toHaveBeenCalledWith({ nickname: "Ada L.", introduction: "I cut wood." }, page);
    expect(nickname).toHaveValue("Ada L.");
    expect(screen.getByLabelText(en.settings.introduction)).toHaveValue("I cut wood.");
    expect(refresh).not.toHaveBeenCalled();

    saveOtherInfo.mockResolvedValueOnce({ ok: true, value: { nickname: "Ada L.", introduction: "I cut wood." } });
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByRole("status")).toHaveTextContent(en.profile.saved);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("puts a field error from the server under its field", async () => {
    saveOtherInfo.mockResolvedValue({ ok: false, error: { code: 10001, fields: { nickname: "nicknameTooLong" } } });
    renderIn("en", <OtherInfoForm page={page} nickname="Ada" introduction="" />);
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByText("The nickname can be at most 32 characters")).toBeInTheDocument();
  });
});

describe("gender", () => {
  it("is required, and saves the chosen value", async () => {
    saveGender.mockResolvedValue({ ok: true, value: { gender: "female" } });
    renderIn("en", <><h2 id="gender-title">{en.settings.gender}</h2><GenderForm page={page} gender={null} labelledBy="gender-title" /></>);
    expect(screen.getByRole("radiogroup", { name: en.settings.gender })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.profile.validation.genderRequired);
    expect(saveGender).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("radio", { name: en.settings.genderValue.female }));
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(saveGender).toHaveBeenCalledWith({ gender: "female" }, page);
    expect(await screen.findByRole("status")).toHaveTextContent(en.profile.saved);
  });

  it("keeps the choice when the save fails, in Chinese", async () => {
    saveGender.mockResolvedValue({ ok: false, error: { code: 1002 } });
    renderIn("zh", <GenderForm page={{ lang: "zh", query: "" }} gender="male" labelledBy="x" />);
    expect(screen.getByRole("radio", { name: zh.settings.genderValue.male })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: zh.settings.genderValue.female }));
    await userEvent.click(screen.getByRole("button", { name: zh.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(zh.errors["1002"]);
    expect(screen.getByRole("radio", { name: zh.settings.genderValue.female })).toBeChecked();
  });
});
