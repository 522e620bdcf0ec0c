import path from "node:path";
import ts from "typescript";
import { readRepoFile, repoFiles, repoPathExists } from "../support/repo-files";

/**
 * eslint.config.mjs's import/no-cycle skips `import type`; its comment says those cycles were
 * removed too. This keeps that true: no cycle among the app's own modules, type imports included.
 */
const SOURCES = ["app", "components", "lib"].flatMap((dir) => repoFiles(dir, /\.tsx?$/)).concat(["proxy.ts", "instrumentation.ts", "server.ts"]).filter((file) => !file.endsWith(".d.ts"));

function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readRepoFile(file), ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith("@/") && !specifier.startsWith(".")) return null;
  const base = specifier.startsWith("@/") ? specifier.slice(2) : path.posix.join(path.posix.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(repoPathExists) ?? null;
}

/** Strongly connected groups of more than one module (Tarjan), each a cycle or several. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test("no import cycle among the app's modules, type-only imports included", () => {
  const graph = new Map(SOURCES.map((file) => [file, specifiers(file).map((specifier) => resolve(file, specifier)).filter((target): target is string => target !== null)]));
  expect(graph.size).toBeGreaterThan(300);
  expect(cycles(graph)).toEqual([]);
});
