/**
 * @jest-environment node
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ACCOUNT_NAMESPACES, SIGN_IN_NAMESPACES, SN_PASSWORD_NAMESPACES, type Namespace } from "@/lib/i18n/client-namespaces";

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

describe("client message namespaces", () => {
  it.each([
    ["the sign-in screens", path.join(APP, "(auth)"), SIGN_IN_NAMESPACES],
    ["the user centre", path.join(APP, "(account)"), ACCOUNT_NAMESPACES],
    ["the SN password page", path.join(APP, "sn-password"), SN_PASSWORD_NAMESPACES],
  ] as const)("%s hand their client components exactly the namespaces they read", (_part, dir, provided) => {
    const used = namespacesReadFrom(routeFiles(dir));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((namespace) => !(provided as readonly string[]).includes(namespace)).sort()).toEqual([]);
    // and nothing more: every namespace handed over costs every page of that part its bytes
    expect(provided.filter((namespace) => !used.has(namespace))).toEqual([]);
  });

  it("the root layout's own client parts read no messages (they sit outside every provider)", () => {
    expect([...namespacesReadFrom([path.join(APP, "layout.tsx")])]).toEqual([]);
  });
});
