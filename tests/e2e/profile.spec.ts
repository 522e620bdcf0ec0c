import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { signedInNewAccount } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { messages, type Lang } from "./support/screens";

type FilePayload = { name: string; mimeType: string; buffer: Buffer };
type Item = { id: number; name: string };

/** Images made at test time: nothing large is committed. */
async function pngAvatar(): Promise<FilePayload> {
  const buffer = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 40, g: 190, b: 68 } } })
    .composite([{ input: Buffer.from('<svg width="256" height="256"><circle cx="128" cy="110" r="60" fill="#fff"/></svg>') }])
    .png()
    .toBuffer();
  return { name: "me.png", mimeType: "image/png", buffer };
}

/** A real PNG of random pixels, stored uncompressed: about 6 MB. */
async function sixMegabytePng(): Promise<FilePayload> {
  const side = 1450;
  const buffer = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(buffer.byteLength).toBeGreaterThan(6 * 1000 * 1000);
  return { name: "huge.png", mimeType: "image/png", buffer };
}

const svgFile: FilePayload = {
  name: "logo.svg",
  mimeType: "image/svg+xml",
  buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
};
const textAsPng: FilePayload = { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("These are my notes, not an image.\n".repeat(20)) };

/** The country and region lists as the services name them in a language. */
async function regionNames(request: APIRequestContext, lang: Lang, countryId: number): Promise<{ country: Item; region: Item }> {
  const list = async (path: string) => ((await (await request.get(path, { headers: { lang } })).json()) as { data: Item[] }).data;
  const country = (await list("/v1/region/country")).find((item) => item.id === countryId);
  const region = (await list(`/v1/region/country/${countryId}/states`))[0];
  if (!country || !region) throw new Error(`no regions for ${countryId}`);
  return { country, region };
}

async function chooseAvatar(page: Page, lang: Lang, file: FilePayload): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: messages[lang].profile.avatar.change }).click();
  await (await chooser).setFiles(file);
}

/** The avatar is shown and the browser could load it. */
async function expectAvatarShown(avatar: Locator, src: string): Promise<void> {
  await expect(avatar).toHaveAttribute("src", src);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

function formWith(page: Page, control: Locator): Locator {
  return page.locator("form").filter({ has: control });
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test.describe(`user centre in ${lang}`, () => {
    test("a new user sets an avatar and every field of the profile, and they stay after a reload", async ({ page }) => {
      test.setTimeout(120_000);
      const m = messages[lang];
      const email = uniqueEmail(`profile-${lang}`);
      // an account made through the API: the register screen is journey.spec.ts's
      await signedInNewAccount(page, lang, email, "Laser-2026");

      // Avatar: choose → preview → save with progress → shown, and still there after a reload.
      await chooseAvatar(page, lang, await pngAvatar());
      await expect(page.getByRole("img", { name: m.profile.avatar.previewAlt })).toHaveAttribute("src", /^blob:/);
      await page.getByRole("button", { name: m.profile.avatar.upload }).click();
      await expect(page.getByText(m.profile.avatar.saved)).toBeVisible();
      const avatar = page.getByRole("img", { name: m.profile.avatar.alt });
      const src = await avatar.getAttribute("src");
      expect(src).toMatch(/^\/v1\/files\/avatars\/[0-9a-f]+\.webp$/);
      await expectAvatarShown(avatar, src ?? "");

      // Nickname and introduction, saved together.
      const nickname = page.getByLabel(m.settings.nickname, { exact: true });
      const introduction = page.getByLabel(m.settings.introduction, { exact: true });
      await nickname.fill(lang === "zh" ? "激光小王" : "Ada Laser");
      await introduction.fill(lang === "zh" ? "喜欢用激光雕刻木头。" : "I engrave wood with lasers.");
      await expect(page.getByText(lang === "zh" ? "10/200" : "27/200")).toBeVisible();
      await formWith(page, nickname).getByRole("button", { name: m.profile.save }).click();
      await expect(formWith(page, nickname).getByRole("status")).toHaveText(m.profile.saved);

      // Gender, required: refused until one is chosen.
      const gender = page.getByRole("radiogroup", { name: m.settings.gender });
      await formWith(page, gender).getByRole("button", { name: m.profile.save }).click();
      await expect(formWith(page, gender).getByRole("alert")).toHaveText(m.profile.validation.genderRequired);
      await gender.getByRole("radio", { name: m.settings.genderValue.female }).check();
      await formWith(page, gender).getByRole("button", { name: m.profile.save }).click();
      await expect(formWith(page, gender).getByRole("status")).toHaveText(m.profile.saved);
      // one notice on the page: the gender's "saved" replaced the nickname's
      await expect(formWith(page, nickname).getByRole("status")).toHaveText("");

      // Birthday: a future date is refused; typed in English, picked from the calendar in Chinese.
      const birthday = page.getByLabel(m.settings.birthday, { exact: true });
      const birthdayForm = formWith(page, birthday);
      await birthday.fill(`${new Date().getUTCFullYear() + 1}-01-01`);
      await birthdayForm.getByRole("button", { name: m.profile.save }).click();
      await expect(birthdayForm.getByRole("alert")).toHaveText(m.profile.validation.birthdayFuture);
      if (lang === "en") {
        await birthday.fill("1990-07-04");
      } else {
        await birthday.fill("");
        await page.getByRole("button", { name: m.profile.birthday.openCalendar }).click();
        const calendar = page.getByRole("dialog", { name: m.profile.birthday.calendar });
        await calendar.locator("select.rdp-years_dropdown").selectOption("1990");
        await calendar.locator("select.rdp-months_dropdown").selectOption({ index: 6 });
        await calendar.locator('td[data-day="1990-07-04"] button').click();
        await expect(calendar).toBeHidden();
        await expect(birthday).toHaveValue("1990-07-04");
      }
      await birthdayForm.getByRole("button", { name: m.profile.save }).click();
      await expect(birthdayForm.getByRole("status")).toHaveText(m.profile.saved);

      // Country, then one of its regions (loaded for the chosen country); shown as 'country/region'.
      const { country, region } = await regionNames(page.request, lang, 156);
      const countrySelect = page.getByLabel(m.profile.location.country, { exact: true });
      const regionSelect = page.getByLabel(m.profile.location.region, { exact: true });
      await countrySelect.selectOption({ label: country.name });
      await expect(regionSelect).toBeEnabled();
      await regionSelect.selectOption({ label: region.name });
      await formWith(page, countrySelect).getByRole("button", { name: m.profile.save }).click();
      await expect(formWith(page, countrySelect).getByRole("status")).toHaveText(m.profile.saved);
      await expect(page.getByText(`${country.name}/${region.name}`, { exact: true })).toBeVisible();

      await page.reload();
      await expectAvatarShown(page.getByRole("img", { name: m.profile.avatar.alt }), src ?? "");
      await expect(nickname).toHaveValue(lang === "zh" ? "激光小王" : "Ada Laser");
      await expect(introduction).toHaveValue(lang === "zh" ? "喜欢用激光雕刻木头。" : "I engrave wood with lasers.");
      await expect(page.getByRole("radio", { name: m.settings.genderValue.female })).toBeChecked();
      await expect(birthday).toHaveValue("1990-07-04");
      await expect(countrySelect).toHaveValue(String(country.id));
      await expect(regionSelect).toHaveValue(String(region.id));
      await expect(page.getByText(`${country.name}/${region.name}`, { exact: true })).toBeVisible();
      await expect(page.getByText(lang === "zh" ? "激光小王" : "Ada Laser", { exact: true })).toBeVisible();
    });

    test("an SVG, a text file named .png and a 6 MB image are refused with their messages, and the avatar stays", async ({ page }) => {
      test.setTimeout(120_000);
      const m = messages[lang];
      const email = uniqueEmail(`avatar-${lang}`);
      // an account made through the API: the register screen is journey.spec.ts's
      await signedInNewAccount(page, lang, email, "Laser-2026");

      await chooseAvatar(page, lang, await pngAvatar());
      await page.getByRole("button", { name: m.profile.avatar.upload }).click();
      await expect(page.getByText(m.profile.avatar.saved)).toBeVisible();
      const avatar = page.getByRole("img", { name: m.profile.avatar.alt });
      const src = (await avatar.getAttribute("src")) ?? "";
      expect(src).toMatch(/^\/v1\/files\//);

      // Not an accepted type: refused at once.
      await chooseAvatar(page, lang, svgFile);
      await expect(page.getByRole("alert").filter({ hasText: m.errors["20110"] })).toBeVisible();
      await expectAvatarShown(avatar, src);

      // Looks like a PNG by its name and type: the browser cannot decode it, so nothing is offered
      // to save (the services read the content too: tests/backend/profile.test.ts).
      await chooseAvatar(page, lang, textAsPng);
      await expect(page.getByRole("alert").filter({ hasText: m.profile.avatar.unreadable })).toBeVisible();
      await expect(page.getByRole("button", { name: m.profile.avatar.upload })).toHaveCount(0);
      await expectAvatarShown(avatar, src);

      // Over 5 MB: refused before it is sent.
      await chooseAvatar(page, lang, await sixMegabytePng());
      await expect(page.getByRole("alert").filter({ hasText: m.errors["20111"] })).toBeVisible();
      await expectAvatarShown(avatar, src);

      await page.reload();
      await expectAvatarShown(page.getByRole("img", { name: m.profile.avatar.alt }), src);
    });
  });
}

test("the avatar route refuses other sites and visitors without a session, and checks the size itself", async ({ page, request }) => {
  const image = await pngAvatar();
  const multipart = { headpic: image };
  const crossSite = await request.post("/api/avatar?lang=en", { multipart, headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);
  const anonymous = await request.post("/api/avatar?lang=en", { multipart, headers: { "sec-fetch-site": "same-origin" } });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ ok: false, error: { code: 20101, redirect: "/en/login" } });

  // Signed in, a 6 MB image sent past the page's own check is refused by the portal with 20111.
  const email = uniqueEmail("avatar-size");
  await signedInNewAccount(page, "en", email, "Laser-2026");
  const answer = await page.evaluate(async (size) => {
    const bytes = new Uint8Array(size);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const body = new FormData();
    body.set("headpic", new Blob([bytes], { type: "image/png" }), "huge.png");
    const response = await fetch("/api/avatar?lang=en", { method: "POST", body });
    return { status: response.status, body: (await response.json()) as unknown };
  }, 6 * 1024 * 1024);
  expect(answer).toEqual({ status: 413, body: { ok: false, error: { code: 20111 } } });
});
