import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
browser.on("disconnected", () => console.log("browser disconnected"));
const page = await browser.newPage();
if (process.argv[2] === "va") {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  await cdp.send("WebAuthn.addVirtualAuthenticator", { options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: process.argv[3] !== "nopresence" } });
}
await page.goto("http://localhost:5151/");
const r = await page.evaluate(async () => {
  const t = new Promise((resolve) => setTimeout(() => resolve("pending after 5 s"), 5000));
  const c = navigator.credentials.create({ mediation: "conditional", publicKey: { rp: { name: "x", id: "localhost" }, user: { id: new Uint8Array([1,2]), name: "a", displayName: "a" }, challenge: new Uint8Array(16), pubKeyCredParams: [{ type: "public-key", alg: -7 }], authenticatorSelection: { residentKey: "required", userVerification: "preferred" } } }).then((c) => "created " + new Uint8Array(c.response.getAuthenticatorData())[32], (e) => String(e));
  return Promise.race([c, t]);
}).catch((e) => "evaluate failed: " + e.message.split("\n")[0]);
console.log(process.argv.slice(2).join(" "), r);
await browser.close().catch(() => undefined);
