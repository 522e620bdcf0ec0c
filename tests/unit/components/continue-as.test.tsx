import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ContinueAs } from "@/components/auth/continue-as";
import { continueAsAction, notMeAction } from "@/lib/actions/auth/address-handoff";
import { browser } from "@/lib/bridge/browser";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/auth/address-handoff", () => ({ continueAsAction: jest.fn(), notMeAction: jest.fn() }));
const continueAs = jest.mocked(continueAsAction);
const notMe = jest.mocked(notMeAction);

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(browser, "assign").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe("Continue as …? (a token another site handed over)", () => {
  test("Continue goes where the action says, in Chinese too", async () => {
    continueAs.mockResolvedValue({ redirect: "/zh/profile/settings" });
    renderIn("zh", <ContinueAs lang="zh" account="a***@example.com" />);
    await userEvent.click(screen.getByRole("button", { name: messages.zh.addressHandoff.continue.replace("{account}", "a***@example.com") }));
    expect(continueAs).toHaveBeenCalledWith("zh");
    expect(notMe).not.toHaveBeenCalled();
    expect(browser.assign).toHaveBeenCalledWith("/zh/profile/settings");
  });

  test("Not me calls only its own action; a failed round trip is said, and both answers stay", async () => {
    notMe.mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ redirect: "/en/login?p=atomm" });
    renderIn("en", <ContinueAs lang="en" account="a***@example.com" />);
    const button = screen.getByRole("button", { name: messages.en.addressHandoff.notMe });
    await userEvent.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.en.errors["1002"]);
    expect(browser.assign).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(browser.assign).toHaveBeenCalledWith("/en/login?p=atomm");
    expect(continueAs).not.toHaveBeenCalled();
  });
});
