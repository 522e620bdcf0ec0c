import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The import graph a "use client" module brings into the browser: value imports, re-exports and
 * dynamic imports, followed through the repository's own files (a "use server" module is only a
 * reference there). Type-only imports are erased by the compiler and do not count.
 */
const ROOT = path.resolve(__dirname, "../../..");
const SKIP = new Set(["node_modules", ".next", ".git", "tests", "bench", ".e2e"]);
export type Module = { client: boolean; server: boolean; specifiers: string[]; source: ts.SourceFile };
const modules = new Map<string, Module>();

/** A module of the repository, parsed once: its directive and the modules its code brings in. */
export function readModule(file: string): Module {
  const known = modules.get(file);
  if (known) return known;
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const typeOnly = (elements: readonly { isTypeOnly: boolean }[]) => elements.length > 0 && elements.every((element) => element.isTypeOnly);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const erased = clause?.isTypeOnly || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && typeOnly(clause.namedBindings.elements));
      if (!erased) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const erased = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && typeOnly(node.exportClause.elements));
      if (!erased) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const parsed = { client: /^\s*["']use client["']/.test(text), server: /^\s*["']use server["']/.test(text), specifiers, source };
  modules.set(file, parsed);
  return parsed;
}

/** A module specifier as a file of the repository (`@/` or relative), or the package it names. */
export function resolveModule(from: string, specifier: string): { file: string } | { pkg: string } | null {
  if (!specifier.startsWith("@/") && !specifier.startsWith(".")) return { pkg: specifier };
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return { file: candidate };
  }
  return null;
}

function sources(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, found);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(full);
  }
  return found;
}

/** Every client module that reaches a package named by `matches`, with the chain of files that brings it in. */
export function clientModulesReaching(matches: (pkg: string) => boolean): { module: string; chain: string[]; pkg: string }[] {
  const found: { module: string; chain: string[]; pkg: string }[] = [];
  for (const entry of sources(ROOT).filter((file) => readModule(file).client)) {
    const seen = new Set<string>();
    const queue: string[][] = [[entry]];
    search: for (let chain = queue.shift(); chain; chain = queue.shift()) {
      const file = chain[chain.length - 1] ?? entry;
      if (seen.has(file)) continue;
      seen.add(file);
      const current = readModule(file);
      if (current.server && file !== entry) continue;
      for (const specifier of current.specifiers) {
        const target = resolveModule(file, specifier);
        if (target && "pkg" in target && matches(target.pkg)) {
          found.push({ module: path.relative(ROOT, entry), chain: chain.map((step) => path.relative(ROOT, step)), pkg: target.pkg });
          break search;
        }
        if (target && "file" in target) queue.push([...chain, target.file]);
      }
    }
  }
  return found;
}
