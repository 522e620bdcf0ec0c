import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { CountryForm } from "@/components/profile/country-form";
import { saveCountryAction } from "@/lib/actions/profile";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/profile", () => ({ saveCountryAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("@/components/account/account-view", () => ({ useViewReload: () => refresh }));
const save = jest.mocked(saveCountryAction);
const { en, zh } = messages;
const countries = [
  { id: 156, name: "China" },
  { id: 250, name: "France" },
  { id: 492, name: "Monaco" },
];
const regionsByCountry: Record<string, Array<{ id: number; name: string }>> = {
  "156": [
    { id: 1560044, name: "Guangdong" },
    { id: 1560011, name: "Beijing" },
  ],
  "250": [{ id: 2500075, name: "Paris" }],
  "492": [],
};
let fetchMock: jest.SpyInstance;

function renderForm(lang: "en" | "zh", saved: { country: number | null; region: number | null } = { country: null, region: null }) {
  const m = messages[lang];
  return renderIn(
    lang,
    // A fresh SWR cache per test, as on a fresh page.
    <SWRConfig value={{ provider: () => new Map() }}>
      <h2 id="location-title">{m.settings.countryRegion}</h2>
      <CountryForm page={{ lang, query: "p=atomm" }} countries={countries} {...saved} initialRegions={saved.country ? (regionsByCountry[String(saved.country)] ?? null) : null} labelledBy="location-title" />
    </SWRConfig>,
  );
}

beforeEach(() => {
  save.mockReset();
  refresh.mockReset();
  fetchMock = jest.spyOn(global, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://portal.test");
    const id = /^\/api\/regions\/(\d+)$/.exec(url.pathname)?.[1] ?? "";
    const list = regionsByCountry[id];
    return list ? Response.json({ ok: true, data: list }) : Response.json({ ok: false, error: { code: 10006 } }, { status: 404 });
  });
});
afterEach(() => fetchMock.mockRestore());

describe("country and region", () => {
  it("asks for a country first, in the page's language", async () => {
    renderForm("zh");
    expect(screen.getByLabelText(zh.profile.location.region)).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: zh.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(zh.profile.validation.countryRequired);
    expect(save).not.toHaveBeenCalled();
  });

  it("loads the chosen country's regions in the page's language and saves both ids", async () => {
    save.mockResolvedValue({ ok: true, value: { country: 156, region: 1560044 } });
    renderForm("en");
    await userEvent.selectOptions(screen.getByLabelText(en.profile.location.country), "China");
    const region = screen.getByLabelText(en.profile.location.region);
    await waitFor(() => expect(region).toBeEnabled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/regions/156?p=atomm&lang=en");
    await userEvent.selectOptions(region, "Guangdong");
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(save).toHaveBeenCalledWith({ country: 156, region: 1560044 }, { lang: "en", query: "p=atomm" });
    expect(await screen.findByRole("status")).toHaveTextContent(en.profile.saved);
  });

  it("starts from the saved country and region, clears the region when the country changes, and keeps the choice when the save fails", async () => {
    save.mockResolvedValue({ ok: false, error: { code: 10001, fields: { region: "Invalid input" } } });
    renderForm("en", { country: 156, region: 1560011 });
    expect(screen.getByLabelText(en.profile.location.country)).toHaveValue("156");
    expect(screen.getByLabelText(en.profile.location.region)).toHaveValue("1560011");
    await userEvent.selectOptions(screen.getByLabelText(en.profile.location.country), "France");
    expect(screen.getByLabelText(en.profile.location.region)).toHaveValue("");
    await waitFor(() => expect(screen.getByLabelText(en.profile.location.region)).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText(en.profile.location.region), "Paris");
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(en.errors["10001"]);
    expect(screen.getByLabelText(en.profile.location.country)).toHaveValue("250");
    expect(screen.getByLabelText(en.profile.location.region)).toHaveValue("2500075");
  });

  it("saves a country without regions with no region", async () => {
    save.mockResolvedValue({ ok: true, value: { country: 492, region: null } });
    renderForm("en");
    await userEvent.selectOptions(screen.getByLabelText(en.profile.location.country), "Monaco");
    expect(await screen.findByRole("option", { name: en.profile.location.noRegions })).toBeInTheDocument();
    expect(screen.getByLabelText(en.profile.location.region)).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: en.profile.save }));
    expect(save).toHaveBeenCalledWith({ country: 492, region: null }, { lang: "en", query: "p=atomm" });
  });
});
