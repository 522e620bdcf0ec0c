import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ClientItem } from "@/lib/contract/console/screens";
import { ClientList } from "@/components/console/client-list";
import { ClientRegisterForm } from "@/components/console/client-register-form";
import { messages, renderIn } from "../support/render";

// the screen reads the server-rendered list again after a change
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const { en, zh } = messages;
const apps = en.console.apps;
beforeEach(() => refresh.mockClear());

describe("registering an app", () => {
  test("a confidential app: the URIs go one a line, the secret is shown once with a copy button, and the form clears", async () => {
    const onRegister = jest.fn().mockResolvedValue({ ok: true, data: { clientId: "cid-1", secret: "s3cret-shown-once" } });
    renderIn("en", <ClientRegisterForm onRegister={onRegister} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(apps.name), "Welder");
    await user.type(screen.getByLabelText(apps.brand), "welder");
    await user.click(screen.getByRole("radio", { name: new RegExp(apps.kinds.client_secret_basic) }));
    await user.type(screen.getByLabelText(apps.redirectUris), "https://app.example/cb{Enter}https://app.example/other");
    // FedCM (docs/fedcm.md): the brand site and the links the browser's dialog shows
    await user.type(screen.getByLabelText(apps.origins), "https://welder.example");
    await user.type(screen.getByLabelText(apps.privacyUrl), "https://welder.example/privacy");
    await user.type(screen.getByLabelText(en.console.common.reason), "goes live");
    expect(screen.queryByLabelText(apps.jwks)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: apps.register }));
    expect(await screen.findByTestId("one-time-secret")).toHaveTextContent("s3cret-shown-once");
    expect(onRegister).toHaveBeenCalledWith({ name: "Welder", kind: "client_secret_basic", native: false, thirdParty: false, brand: "welder", redirectUris: "https://app.example/cb\nhttps://app.example/other", postLogoutUris: "", backchannelLogoutUri: "", origins: "https://welder.example", privacyUrl: "https://welder.example/privacy", termsUrl: "", jwks: "", scopes: ["email", "profile", "offline_access"], reason: "goes live" });
    expect(screen.getByRole("button", { name: en.console.common.copy })).toBeInTheDocument();
    expect(screen.getByText("cid-1")).toBeInTheDocument();
    expect(screen.getByLabelText(apps.name)).toHaveValue("");
    expect(refresh).toHaveBeenCalled();
  });

  test("a refused redirect URI shows the translated rule on that field and keeps what was typed (zh)", async () => {
    const onRegister = jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { redirectUris: "badRedirectUri" } } });
    renderIn("zh", <ClientRegisterForm onRegister={onRegister} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText(zh.console.apps.redirectUris);
    await user.type(screen.getByLabelText(zh.console.apps.name), "应用");
    await user.type(field, "http://app.example/cb");
    await user.type(screen.getByLabelText(zh.console.common.reason), "新应用");
    await user.click(screen.getByRole("button", { name: zh.console.apps.register }));
    expect(await screen.findByText(zh.console.errors.badRedirectUri)).toBeInTheDocument();
    expect(field).toHaveValue("http://app.example/cb");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("one-time-secret")).not.toBeInTheDocument();
  });

  test("an empty form is refused in the form with translated messages, and nothing is sent", async () => {
    const onRegister = jest.fn();
    renderIn("en", <ClientRegisterForm onRegister={onRegister} />);
    await userEvent.setup().click(screen.getByRole("button", { name: apps.register }));
    expect(await screen.findByText(en.console.errors.badClientName)).toBeInTheDocument();
    expect(screen.getByText(en.console.errors.noRedirectUri)).toBeInTheDocument();
    expect(screen.getByText(en.console.errors.badReason)).toBeInTheDocument();
    expect(onRegister).not.toHaveBeenCalled();
  });

  test("private_key_jwt asks for the JWKS; a public app's form sends none", async () => {
    const onRegister = jest.fn().mockResolvedValue({ ok: true, data: { clientId: "cid-2", secret: null } });
    renderIn("en", <ClientRegisterForm onRegister={onRegister} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(apps.name), "Spa");
    await user.type(screen.getByLabelText(apps.redirectUris), "https://spa.example/cb");
    await user.type(screen.getByLabelText(en.console.common.reason), "new spa");
    await user.click(screen.getByRole("radio", { name: new RegExp(apps.kinds.private_key_jwt) }));
    await user.click(screen.getByLabelText(apps.jwks));
    await user.paste('{"keys":[]}');
    await user.click(screen.getByRole("radio", { name: new RegExp(apps.kinds.public) }));
    await user.click(screen.getByRole("button", { name: apps.register }));
    expect(await screen.findByText("cid-2")).toBeInTheDocument();
    expect(onRegister).toHaveBeenCalledWith(expect.objectContaining({ kind: "public", native: false, jwks: "" }));
    expect(screen.queryByTestId("one-time-secret")).not.toBeInTheDocument();
  });
});

test("a native app is a public one: the box shows for Public only and is sent ticked", async () => {
  const onRegister = jest.fn().mockResolvedValue({ ok: true, data: { clientId: "cid-3", secret: null } });
  renderIn("en", <ClientRegisterForm onRegister={onRegister} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(apps.name), "Camera");
  await user.type(screen.getByLabelText(apps.redirectUris), "com.example.camera:/callback");
  await user.type(screen.getByLabelText(en.console.common.reason), "native app");
  await user.click(screen.getByRole("radio", { name: new RegExp(apps.kinds.client_secret_basic) }));
  expect(screen.queryByRole("checkbox", { name: new RegExp(apps.native) })).not.toBeInTheDocument();
  await user.click(screen.getByRole("radio", { name: new RegExp(apps.kinds.public) }));
  await user.click(screen.getByRole("checkbox", { name: new RegExp(apps.native) }));
  await user.click(screen.getByRole("button", { name: apps.register }));
  expect(await screen.findByText("cid-3")).toBeInTheDocument();
  expect(onRegister).toHaveBeenCalledWith(expect.objectContaining({ kind: "public", native: true, redirectUris: "com.example.camera:/callback" }));
});

test("a third-party app is registered with the box ticked (its users are asked for consent)", async () => {
  const onRegister = jest.fn().mockResolvedValue({ ok: true, data: { clientId: "cid-4", secret: null } });
  renderIn("en", <ClientRegisterForm onRegister={onRegister} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(apps.name), "Outside Maker");
  await user.type(screen.getByLabelText(apps.redirectUris), "https://outside.example/cb");
  await user.type(screen.getByLabelText(en.console.common.reason), "partner app");
  await user.click(screen.getByRole("checkbox", { name: (name) => name.startsWith(apps.thirdParty) }));
  await user.click(screen.getByRole("button", { name: apps.register }));
  expect(await screen.findByText("cid-4")).toBeInTheDocument();
  expect(onRegister).toHaveBeenCalledWith(expect.objectContaining({ name: "Outside Maker", thirdParty: true }));
});

test("the scopes an app may ask for: openid always, the others ticked by default; unticked ones are not sent", async () => {
  const onRegister = jest.fn().mockResolvedValue({ ok: true, data: { clientId: "cid-5", secret: null } });
  renderIn("en", <ClientRegisterForm onRegister={onRegister} />);
  const user = userEvent.setup();
  const group = screen.getByRole("group", { name: apps.scopes });
  expect(group).toHaveAccessibleDescription(apps.scopesHint);
  const openid = within(group).getByRole("checkbox", { name: apps.scopeNames.openid });
  expect(openid).toBeChecked();
  expect(openid).toBeDisabled();
  for (const scope of ["email", "profile", "offline_access"] as const) expect(within(group).getByRole("checkbox", { name: apps.scopeNames[scope] })).toBeChecked();
  await user.type(screen.getByLabelText(apps.name), "Kiosk");
  await user.type(screen.getByLabelText(apps.redirectUris), "https://kiosk.example/cb");
  await user.type(screen.getByLabelText(en.console.common.reason), "no email for the kiosk");
  await user.click(within(group).getByRole("checkbox", { name: apps.scopeNames.email }));
  await user.click(within(group).getByRole("checkbox", { name: apps.scopeNames.offline_access }));
  await user.click(screen.getByRole("button", { name: apps.register }));
  expect(await screen.findByText("cid-5")).toBeInTheDocument();
  expect(onRegister).toHaveBeenCalledWith(expect.objectContaining({ name: "Kiosk", scopes: ["profile"] }));
});

test("the scopes in Chinese, and a refused choice shown on the group", async () => {
  const onRegister = jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { scopes: "badScope" } } });
  renderIn("zh", <ClientRegisterForm onRegister={onRegister} />);
  const user = userEvent.setup();
  const group = screen.getByRole("group", { name: zh.console.apps.scopes });
  expect(within(group).getByRole("checkbox", { name: zh.console.apps.scopeNames.openid })).toBeChecked();
  expect(within(group).getByRole("checkbox", { name: zh.console.apps.scopeNames.offline_access })).toBeChecked();
  await user.type(screen.getByLabelText(zh.console.apps.name), "应用");
  await user.type(screen.getByLabelText(zh.console.apps.redirectUris), "https://app.example/cb");
  await user.type(screen.getByLabelText(zh.console.common.reason), "新应用");
  await user.click(screen.getByRole("button", { name: zh.console.apps.register }));
  expect(await within(group).findByRole("alert")).toHaveTextContent(zh.console.errors.badScope);
  expect(screen.queryByTestId("one-time-secret")).not.toBeInTheDocument();
});

describe("the list of apps", () => {
  const base: ClientItem = { clientId: "cid-1", name: "Welder", kind: "client_secret_basic", brand: "welder", firstParty: true, redirectUris: ["https://app.example/cb"], postLogoutRedirectUris: [], backchannelLogoutUri: null, origins: [], privacyUrl: null, termsUrl: null, native: false, scopes: ["email"], disabled: false, createdAt: "2026-11-01T00:00:00.000Z" };

  test("rotating asks for a reason, names the consequence and shows the new secret once", async () => {
    const onRotate = jest.fn().mockResolvedValue({ ok: true, data: { clientId: "cid-1", secret: "new-secret-once" } });
    renderIn("en", <ClientList items={[base]} onRotate={onRotate} onScopes={jest.fn()} onDisable={jest.fn()} />);
    const user = userEvent.setup();
    expect(screen.getByText("https://app.example/cb")).toBeInTheDocument();
    expect(screen.getByText("openid email")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `${apps.rotate}: Welder` }));
    const dialog = await screen.findByRole("dialog", { name: "Rotate the secret of Welder?" });
    expect(dialog).toHaveTextContent(apps.rotateConsequence);
    await user.type(within(dialog).getByLabelText(en.console.common.reason), "leaked");
    await user.click(within(dialog).getByRole("button", { name: apps.rotate }));
    expect(onRotate).toHaveBeenCalledWith("cid-1", "leaked");
    expect(await screen.findByTestId("one-time-secret")).toHaveTextContent("new-secret-once");
  });

  test("a refused reason keeps the dialog open with the translated message; nothing else happens", async () => {
    const onDisable = jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { reason: "badReason" } } });
    renderIn("en", <ClientList items={[{ ...base, kind: "public" }]} onRotate={jest.fn()} onScopes={jest.fn()} onDisable={onDisable} />);
    const user = userEvent.setup();
    expect(screen.queryByRole("button", { name: `${apps.rotate}: Welder` })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `${apps.disable}: Welder` }));
    const dialog = await screen.findByRole("dialog", { name: "Disable Welder?" });
    await user.click(within(dialog).getByRole("button", { name: apps.disable }));
    expect(await within(dialog).findByText(en.console.errors.badReason)).toBeInTheDocument();
    expect(refresh).not.toHaveBeenCalled();
  });

  test("changing an app's scopes: the boxes start as the app's, the choice goes with the reason, and the new set is said", async () => {
    const onScopes = jest.fn().mockResolvedValue({ ok: true, data: { clientId: "cid-1", scopes: ["profile"] } });
    renderIn("en", <ClientList items={[base]} onRotate={jest.fn()} onScopes={onScopes} onDisable={jest.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: `${apps.changeScopes}: Welder` }));
    const dialog = await screen.findByRole("dialog", { name: "What Welder may ask for" });
    expect(dialog).toHaveTextContent(apps.scopesConsequence);
    const box = (scope: "openid" | "email" | "profile" | "offline_access") => within(dialog).getByRole("checkbox", { name: apps.scopeNames[scope] });
    expect(box("openid")).toBeChecked();
    expect(box("openid")).toBeDisabled();
    expect(box("email")).toBeChecked();
    expect(box("profile")).not.toBeChecked();
    expect(box("offline_access")).not.toBeChecked();
    await user.click(box("email"));
    await user.click(box("profile"));
    await user.click(within(dialog).getByRole("button", { name: apps.saveScopes }));
    expect(await within(dialog).findByText(en.console.errors.badReason)).toBeInTheDocument();
    expect(onScopes).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(en.console.common.reason), "no more email");
    await user.click(within(dialog).getByRole("button", { name: apps.saveScopes }));
    expect(onScopes).toHaveBeenCalledWith("cid-1", { scopes: ["profile"], reason: "no more email" });
    expect(await screen.findByRole("status")).toHaveTextContent("Welder may now ask for: openid profile.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });

  test("a refused scope is shown on the boxes in Chinese; the dialog stays with what was ticked and typed", async () => {
    const onScopes = jest.fn().mockResolvedValue({ ok: false, error: { code: 10001, fields: { scopes: "badScope" } } });
    const t = zh.console.apps;
    renderIn("zh", <ClientList items={[base]} onRotate={jest.fn()} onScopes={onScopes} onDisable={jest.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: `${t.changeScopes}: Welder` }));
    const dialog = await screen.findByRole("dialog", { name: "Welder 可请求的范围" });
    await user.click(within(dialog).getByRole("checkbox", { name: t.scopeNames.offline_access }));
    await user.type(within(dialog).getByLabelText(zh.console.common.reason), "需要保持登录");
    await user.click(within(dialog).getByRole("button", { name: t.saveScopes }));
    const group = within(dialog).getByRole("group", { name: t.scopes });
    expect(await within(group).findByRole("alert")).toHaveTextContent(zh.console.errors.badScope);
    expect(onScopes).toHaveBeenCalledWith("cid-1", { scopes: ["email", "offline_access"], reason: "需要保持登录" });
    expect(within(dialog).getByRole("checkbox", { name: t.scopeNames.offline_access })).toBeChecked();
    expect(within(dialog).getByLabelText(zh.console.common.reason)).toHaveValue("需要保持登录");
    expect(refresh).not.toHaveBeenCalled();
  });

  test("a disabled app is marked so and offers no action", () => {
    renderIn("en", <ClientList items={[{ ...base, disabled: true }]} onRotate={jest.fn()} onScopes={jest.fn()} onDisable={jest.fn()} />);
    expect(screen.getByText(apps.disabled)).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
