/**
 * @jest-environment node
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { ACCOUNT_NAMESPACES, pickMessages, SIGN_IN_SCREENS, SN_PASSWORD_NAMESPACES, type MessagePath, type Namespace } from "@/lib/i18n/client-namespaces";
import { clientMessageReads, messageReads, type DynamicNamespaces } from "../support/message-reads";

/**
 * Each part of the portal hands its client components only some messages
 * (components/layout/client-messages.tsx). A component that reads a message its part does not
 * hand over shows the message's key instead of its text, so this follows every import from each
 * part's pages and layouts and collects what their client code reads (tests/unit/support/message-reads.ts).
 * The sign-in screens get single messages, the other parts whole namespaces.
 */
const ROOT = path.resolve(__dirname, "../../..");
const APP = path.join(ROOT, "app", "[lang]");

/** Files that choose their namespace at run time, and the namespaces they may choose. */
const DYNAMIC_NAMESPACES: DynamicNamespaces = {
  "components/auth/email-and-code.tsx": ["login", "register"],
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return /^(page|layout|error|not-found|loading)\.tsx$/.test(name) ? [full] : [];
  });
}

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null;

/** Every single message under `root` (a text, or an item of a list), as dotted paths. */
function leaves(root: unknown, prefix = ""): string[] {
  if (!isTree(root)) return [prefix];
  return Object.entries(root).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** The single messages a path names in `catalogue`; the path itself when the catalogue lacks it. */
function leavesAt(catalogue: Tree, dotted: string): string[] {
  let value: unknown = catalogue;
  for (const key of dotted.split(".").filter(Boolean)) value = isTree(value) ? value[key] : undefined;
  return value === undefined ? [dotted] : leaves(value, dotted);
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

describe("client messages", () => {
  it("every sign-in page hands over its own screen's list, and the sign-in layout none", () => {
    expect(routeFiles(AUTH).map((file) => path.relative(AUTH, file)).sort()).toEqual(["layout.tsx", ...Object.values(SCREEN_PAGES)].sort());
    for (const [screen, page] of Object.entries(SCREEN_PAGES)) {
      expect(readFileSync(path.join(AUTH, page), "utf8")).toContain(`namespaces={SIGN_IN_SCREENS.${screen}}`);
    }
    expect(readFileSync(path.join(AUTH, "layout.tsx"), "utf8")).not.toContain("ClientMessages");
  });

  describe.each(Object.entries(SCREEN_PAGES))("the sign-in screen %s", (screen, page) => {
    const list: readonly MessagePath[] = SIGN_IN_SCREENS[screen as keyof typeof SIGN_IN_SCREENS];
    const read = [...clientMessageReads([path.join(AUTH, "layout.tsx"), path.join(AUTH, page)], DYNAMIC_NAMESPACES)];
    const needed = new Set(read.flatMap((dotted) => leavesAt(en, dotted)));

    it.each([
      ["en", en],
      ["zh", zh],
    ] as const)("ships every message its client components read, in %s", (_lang, catalogue) => {
      expect(needed.size).toBeGreaterThan(0);
      const shipped = new Set(leaves(pickMessages(catalogue, list)));
      expect([...needed].filter((message) => !shipped.has(message)).sort()).toEqual([]);
    });

    it("ships nothing else: every message costs each visit its bytes", () => {
      expect(leaves(pickMessages(en, list)).filter((message) => !needed.has(message))).toEqual([]);
    });
  });

  it.each([
    ["the user centre", routeFiles(path.join(APP, "(account)")), ACCOUNT_NAMESPACES] as const,
    ["the SN password page", routeFiles(path.join(APP, "sn-password")), SN_PASSWORD_NAMESPACES] as const,
  ])("%s hands its client components exactly the namespaces they read", (_part, entries, provided: readonly Namespace[]) => {
    const used = new Set([...clientMessageReads(entries, DYNAMIC_NAMESPACES)].map((dotted) => dotted.split(".")[0] ?? ""));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((namespace) => !(provided as readonly string[]).includes(namespace)).sort()).toEqual([]);
    // and nothing more: every namespace handed over costs every page of that part its bytes
    expect(provided.filter((namespace) => !used.has(namespace))).toEqual([]);
    // reading a part's sources is a count, not a timing: a loaded machine reads them slower
  }, 60_000);

  it("the root layout's own client parts read no messages (they sit outside every provider)", () => {
    expect([...clientMessageReads([path.join(APP, "layout.tsx")], DYNAMIC_NAMESPACES)]).toEqual([]);
  });
});

describe("what the reading of client code finds", () => {
  // a made-up file (the placeholder keeps tests/unit/docs/named-paths.test.ts from looking for it)
  const EXAMPLE = "components/<example>.tsx";
  const reads = (code: string, dynamic: DynamicNamespaces = {}) => messageReads(ts.createSourceFile(EXAMPLE, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX), dynamic);

  it("a literal key is one message; a template's fixed start a part; any other key the whole namespace", () => {
    const code = `"use client";
      export function Example({ doc, note, lang }) {
        const t = useTranslations("login");
        const te = useTranslations("errors");
        const tl = useTranslations("legal");
        return [t("title"), t.rich("remember", {}), t.has("forgot"), t(\`languageNames.\${lang}\`), te(note), tl.raw(\`\${doc}.body\`)];
      }`;
    expect(reads(code).sort()).toEqual(["errors", "legal", "login.forgot", "login.languageNames", "login.remember", "login.title"]);
  });

  it("each use of a name reads from the translator in its own scope", () => {
    const code = `"use client";
      function A() { const t = useTranslations("login"); return t("title"); }
      function B() { const t = useTranslations("register"); return [t("submit"), (() => t("toLogin"))()]; }`;
    expect(reads(code).sort()).toEqual(["login.title", "register.submit", "register.toLogin"]);
  });

  it("refuses a translator handed on, a namespace chosen at run time unlisted, and useMessages", () => {
    expect(() => reads(`"use client"; function A() { const t = useTranslations("login"); return <B t={t} />; }`)).toThrow("handed on");
    expect(() => reads(`"use client"; function A() { const t = useTranslations("login"); return format(t); }`)).toThrow("handed on");
    expect(() => reads(`"use client"; function A({ ns }) { const t = useTranslations(ns); return t("title"); }`)).toThrow("chosen at run time");
    expect(reads(`"use client"; function A({ ns }) { const t = useTranslations(ns); return t("title"); }`, { [EXAMPLE]: ["login", "register"] }).sort()).toEqual(["login.title", "register.title"]);
    expect(() => reads(`"use client"; function A() { const messages = useMessages(); return null; }`)).toThrow("useMessages");
  });
});
