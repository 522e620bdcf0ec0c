import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AvatarEditor } from "@/components/profile/avatar-editor";
import { GenderForm } from "@/components/profile/gender-form";
import { NOTICE_SECONDS, NoticeProvider } from "@/components/profile/page-notice";
import { OtherInfoForm } from "@/components/profile/other-info-form";
import { uploadAvatar } from "@/components/profile/upload-avatar";
import { saveGenderAction, saveOtherInfoAction } from "@/lib/actions/profile";
import { messages, renderIn } from "../support/render";

/**
 * The settings page's one notice: a new notice replaces the one before it, wherever it was; a
 * success leaves by itself after a few seconds; an error stays until the next action.
 */
jest.mock("@/lib/actions/profile", () => ({ saveOtherInfoAction: jest.fn(), saveGenderAction: jest.fn() }));
jest.mock("@/components/profile/upload-avatar", () => ({ uploadAvatar: jest.fn() }));
// jsdom decodes no images; the browser's answer is tested end to end
jest.mock("@/components/profile/decode-image", () => ({ decodesAsImage: async () => true }));
const saveOtherInfo = jest.mocked(saveOtherInfoAction);
const saveGender = jest.mocked(saveGenderAction);
const upload = jest.mocked(uploadAvatar);
const { en, zh } = messages;

function renderPage(lang: "en" | "zh" = "en") {
  const page = { lang, query: "" };
  renderIn(
    lang,
    <NoticeProvider>
      <AvatarEditor page={page} src={null} initial="A">
        {null}
      </AvatarEditor>
      <OtherInfoForm page={page} nickname="Ada" introduction="" />
      <GenderForm page={page} gender="female" labelledBy="gender-title" />
    </NoticeProvider>,
  );
}

/** The n-th form's save button: 0 the nickname and introduction, 1 the gender. */
function saveButton(m: (typeof messages)["en" | "zh"], n: 0 | 1): HTMLElement {
  const button = screen.getAllByRole("button", { name: m.profile.save })[n];
  if (!button) throw new Error(`no save button ${n}`);
  return button;
}

/** The words in the page's live regions, the empty ones left out. */
function statusTexts(): string[] {
  return screen
    .queryAllByRole("status")
    .map((region) => region.textContent ?? "")
    .filter((text) => text !== "");
}

let user: ReturnType<typeof userEvent.setup>;
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => "blob:preview");
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  saveOtherInfo.mockReset();
  saveGender.mockReset();
  upload.mockReset();
  saveOtherInfo.mockResolvedValue({ ok: true, value: { nickname: "Ada", introduction: "" } });
  saveGender.mockResolvedValue({ ok: true, value: { gender: "male" } });
});
afterEach(() => {
  jest.useRealTimers();
});

describe("the settings page's notice", () => {
  it("two saves in a row show only the latest notice, in a live region, and it leaves after the timeout", async () => {
    renderPage();
    await user.click(saveButton(en, 0));
    expect(await screen.findByText(en.profile.saved)).toBeInTheDocument();
    expect(statusTexts()).toEqual([en.profile.saved]);

    await user.click(screen.getByRole("radio", { name: en.settings.genderValue.male }));
    await user.click(saveButton(en, 1));
    expect(saveGender).toHaveBeenCalled();
    // one notice on the page, beside the gender form's button now
    const genderForm = document.querySelectorAll("form")[1];
    await waitFor(() => expect(genderForm?.querySelector('[role="status"]')).toHaveTextContent(en.profile.saved));
    expect(statusTexts()).toEqual([en.profile.saved]);
    expect(screen.getAllByText(en.profile.saved)).toHaveLength(1);

    act(() => jest.advanceTimersByTime(NOTICE_SECONDS * 1000 - 100));
    expect(screen.getByText(en.profile.saved)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText(en.profile.saved)).not.toBeInTheDocument();
    expect(statusTexts()).toEqual([]);
  });

  it("an error stays until the next action, which replaces it", async () => {
    saveOtherInfo.mockResolvedValueOnce({ ok: false, error: { code: 10000 } });
    renderPage("zh");
    await user.click(saveButton(zh, 0));
    expect(await screen.findByRole("alert")).toHaveTextContent(zh.errors["10000"]);
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByRole("alert")).toHaveTextContent(zh.errors["10000"]);

    await user.click(saveButton(zh, 1));
    expect(await screen.findByText(zh.profile.saved)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("'avatar updated' and 'saved' replace each other too", async () => {
    upload.mockResolvedValue({ ok: true, headpic: "/v1/files/avatars/new.webp" });
    renderPage();
    await user.click(saveButton(en, 0));
    expect(await screen.findByText(en.profile.saved)).toBeInTheDocument();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await user.upload(input, new File([new Uint8Array(16)], "me.png", { type: "image/png" }));
    // choosing a picture is the next action: the old notice goes
    await waitFor(() => expect(screen.queryByText(en.profile.saved)).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: en.profile.avatar.upload }));
    expect(await screen.findByText(en.profile.avatar.saved)).toBeInTheDocument();
    expect(statusTexts()).toEqual([en.profile.avatar.saved]);

    await user.click(saveButton(en, 0));
    expect(await screen.findByText(en.profile.saved)).toBeInTheDocument();
    expect(screen.queryByText(en.profile.avatar.saved)).not.toBeInTheDocument();
  });
});
