/**
 * @jest-environment node
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ACCOUNT_NAMESPACES, SIGN_IN_SCREENS, SN_PASSWORD_NAMESPACES, type Namespace } from "@/lib/i18n/client-namespaces";

/**
 * Each part of the portal hands its client components only some message namespaces
 * (components/layout/client-messages.tsx). A component that reads a namespace its part does not
 * hand over shows message keys instead of text, so this follows every import from each part's
 * pages and layouts and collects the namespaces their code reads with `useTranslations`.
 */
const ROOT = path.resolve(__dirname, "../../..");
const APP = path.join(ROOT, "app", "[lang]");

/** Files that choose their namespace at run time, and the namespaces they may choose. */
const DYNAMIC_NAMESPACES: Record<string, readonly Namespace[]> = {
  "components/auth/email-and-code.tsx": ["login", "register"],
};

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT = /(?:from|import\()\s*"(@\/[^"]+|\.{1,2}\/[^"]+)"/g;
const LITERAL_CALL = /useTranslations\(\s*"([A-Za-z]+)(?:\.[A-Za-z.]+)?"\s*\)/g;
const ANY_CALL = /useTranslations\(/g;

/** Every namespace the code reachable from `entries` reads on the client. */
function namespacesReadFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    const literal = [...source.matchAll(LITERAL_CALL)].map((match) => match[1] ?? "");
    literal.forEach((namespace) => used.add(namespace));
    const dynamicCount = (source.match(ANY_CALL) ?? []).length - literal.length;
    if (dynamicCount > 0) {
      const known = DYNAMIC_NAMESPACES[path.relative(ROOT, file)];
      if (!known) throw new Error(`${path.relative(ROOT, file)} reads a namespace chosen at run time: list it in DYNAMIC_NAMESPACES`);
      known.forEach((namespace) => used.add(namespace));
    }
    for (const match of source.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? "");
      if (target && !target.includes(`${path.sep}node_modules${path.sep}`)) queue.push(target);
    }
  }
  return used;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return /^(page|layout|error|not-found|loading)\.tsx$/.test(name) ? [full] : [];
  });
}

const AUTH = path.join(APP, "(auth)");

/** Each sign-in screen's page, and the list it hands over (checked by the first test below). */
const SCREEN_PAGES: Record<keyof typeof SIGN_IN_SCREENS, string> = {
  login: "login/[variant]/page.tsx",
  register: "register/[variant]/page.tsx",
  findpwd: "findpwd/[variant]/page.tsx",
  loginBusiness: "login-business/[variant]/page.tsx",
  socialConnect: "social/connect/page.tsx",
  socialWelcome: "social/welcome/page.tsx",
  accountSecured: "account-secured/page.tsx",
  idpSignedIn: "signed-in/page.tsx",
  addressHandoff: "continue/page.tsx",
  authCallback: "authcb/page.tsx",
};

describe("client message namespaces", () => {
  it("every sign-in page hands over its own screen's list, and the sign-in layout none", () => {
    expect(routeFiles(AUTH).map((file) => path.relative(AUTH, file)).sort()).toEqual(["layout.tsx", ...Object.values(SCREEN_PAGES)].sort());
    for (const [screen, page] of Object.entries(SCREEN_PAGES)) {
      expect(readFileSync(path.join(AUTH, page), "utf8")).toContain(`namespaces={SIGN_IN_SCREENS.${screen}}`);
    }
    expect(readFileSync(path.join(AUTH, "layout.tsx"), "utf8")).not.toContain("ClientMessages");
  });

  it.each([
    ...Object.entries(SCREEN_PAGES).map(([screen, page]) => [`the sign-in screen ${screen}`, [path.join(AUTH, "layout.tsx"), path.join(AUTH, page)], SIGN_IN_SCREENS[screen as keyof typeof SIGN_IN_SCREENS]] as const),
    ["the user centre", routeFiles(path.join(APP, "(account)")), ACCOUNT_NAMESPACES] as const,
    ["the SN password page", routeFiles(path.join(APP, "sn-password")), SN_PASSWORD_NAMESPACES] as const,
  ])("%s hands its client components exactly the namespaces they read", (_part, entries, provided: readonly Namespace[]) => {
    const used = namespacesReadFrom([...entries]);
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((namespace) => !(provided as readonly string[]).includes(namespace)).sort()).toEqual([]);
    // and nothing more: every namespace handed over costs every page of that part its bytes
    expect(provided.filter((namespace) => !used.has(namespace))).toEqual([]);
  });

  it("the root layout's own client parts read no messages (they sit outside every provider)", () => {
    expect([...namespacesReadFrom([path.join(APP, "layout.tsx")])]).toEqual([]);
  });
});
