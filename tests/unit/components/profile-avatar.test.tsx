import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AvatarEditor } from "@/components/profile/avatar-editor";
import { uploadAvatar } from "@/components/profile/upload-avatar";
import { decodesAsImage } from "@/components/profile/decode-image";
import { messages, renderIn } from "../support/render";

jest.mock("@/components/profile/upload-avatar", () => ({ uploadAvatar: jest.fn() }));
// jsdom decodes no images: whether a file decodes is the browser's answer (tests/e2e/profile.spec.ts and rough-edges.spec.ts check the real one)
jest.mock("@/components/profile/decode-image", () => ({ decodesAsImage: jest.fn() }));
const decodes = jest.mocked(decodesAsImage);
const refresh = jest.fn();
// the settings page's data is read again after a save (the page's ViewReload)
jest.mock("@/components/account/account-view", () => ({ useViewReload: () => refresh }));
const upload = jest.mocked(uploadAvatar);
const { en, zh } = messages;
const page = { lang: "en", query: "" };
const OLD = "/v1/files/avatars/old.webp";

function image(name: string, type: string, size = 1024): File {
  const file = new File([new Uint8Array(Math.min(size, 1024))], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

function renderEditor(lang: "en" | "zh" = "en") {
  renderIn(lang, <AvatarEditor page={{ lang, query: "" }} src={OLD} initial="A">{null}</AvatarEditor>);
  // The file input is behind the "Change avatar" button (it opens the system's file chooser).
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  return input;
}

beforeAll(() => {
  let n = 0;
  URL.createObjectURL = jest.fn(() => `blob:preview-${(n += 1)}`);
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  upload.mockReset();
  refresh.mockReset();
  decodes.mockReset();
  decodes.mockResolvedValue(true);
});

describe("avatar", () => {
  it("offers PNG, JPEG and WebP and refuses other types at once, keeping the old avatar", async () => {
    const input = renderEditor("zh");
    expect(input).toHaveAttribute("accept", "image/png,image/jpeg,image/webp");
    await userEvent.upload(input, image("logo.svg", "image/svg+xml"), { applyAccept: false });
    expect(await screen.findByRole("alert")).toHaveTextContent(zh.errors["20110"]);
    expect(screen.getByRole("img", { name: zh.profile.avatar.alt })).toHaveAttribute("src", OLD);
    expect(upload).not.toHaveBeenCalled();
  });

  it("refuses an image over 5 MB before uploading it", async () => {
    const input = renderEditor();
    await userEvent.upload(input, image("big.png", "image/png", 6 * 1024 * 1024));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20111"]);
    expect(upload).not.toHaveBeenCalled();
  });

  it.each(["en", "zh"] as const)("a file that only claims to be a PNG is refused before any preview or save is offered (%s)", async (lang) => {
    decodes.mockResolvedValue(false);
    const input = renderEditor(lang);
    await userEvent.upload(input, image("not-really.png", "image/png"));
    expect(await screen.findByRole("alert")).toHaveTextContent(messages[lang].profile.avatar.unreadable);
    expect(screen.queryByRole("button", { name: messages[lang].profile.avatar.upload })).toBeNull();
    expect(screen.queryByRole("img", { name: messages[lang].profile.avatar.previewAlt })).toBeNull();
    expect(screen.getByRole("img", { name: messages[lang].profile.avatar.alt })).toHaveAttribute("src", OLD);
    expect(upload).not.toHaveBeenCalled();
  });

  it("previews the chosen image, shows the upload's progress and then the new avatar", async () => {
    let finish: (value: { ok: true; headpic: string }) => void = () => undefined;
    upload.mockImplementation((_file, _page, { onProgress }) => {
      onProgress(40);
      return new Promise((resolve) => (finish = resolve));
    });
    const input = renderEditor();
    const file = image("me.png", "image/png");
    await userEvent.upload(input, file);
    expect(screen.getByRole("img", { name: en.profile.avatar.previewAlt })).toHaveAttribute("src", "blob:preview-1");
    await waitFor(() => expect(screen.getByRole("button", { name: en.profile.avatar.upload })).toHaveFocus());

    await userEvent.click(screen.getByRole("button", { name: en.profile.avatar.upload }));
    expect(upload).toHaveBeenCalledWith(file, page, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(screen.getByRole("progressbar", { name: en.profile.avatar.progress })).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByText("Uploading… 40%")).toBeInTheDocument();

    finish({ ok: true, headpic: "/v1/files/avatars/new.webp" });
    expect(await screen.findByText(en.profile.avatar.saved)).toBeInTheDocument();
    expect(screen.getByRole("img", { name: en.profile.avatar.alt })).toHaveAttribute("src", "/v1/files/avatars/new.webp");
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });

  it("keeps the old avatar when the services refuse the content", async () => {
    upload.mockResolvedValue({ ok: false, error: { code: 20110 } });
    const input = renderEditor();
    await userEvent.upload(input, image("notes.png", "image/png"));
    await userEvent.click(screen.getByRole("button", { name: en.profile.avatar.upload }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["20110"]);
    expect(screen.getByRole("img", { name: en.profile.avatar.alt })).toHaveAttribute("src", OLD);
    await waitFor(() => expect(screen.getByRole("button", { name: en.profile.avatar.change })).toHaveFocus());
  });

  it("can be cancelled before saving", async () => {
    const input = renderEditor();
    await userEvent.upload(input, image("me.webp", "image/webp"));
    await userEvent.click(screen.getByRole("button", { name: en.profile.avatar.cancel }));
    expect(screen.getByRole("img", { name: en.profile.avatar.alt })).toHaveAttribute("src", OLD);
    expect(upload).not.toHaveBeenCalled();
  });
});
