import path from "node:path";
import ts from "typescript";
import { readModule, resolveModule } from "./client-imports";

/**
 * Which messages client code reads, found in its source: every `useTranslations(namespace)` and
 * every call of the translator it returns (`t(key)`, `t.rich`, `t.markup`, `t.raw`, `t.has`).
 * A read is a dotted path into the messages: one message for a literal key, the part named by
 * a template's fixed start (`languageNames.${l}` reads all of `common.languageNames`), and the
 * whole namespace for any other key chosen at run time. A translator handed on (to a prop, a
 * helper, a return) cannot be followed, so it is refused, as is `useMessages`.
 */

const ROOT = path.resolve(__dirname, "../../..");
const TRANSLATOR_METHODS = new Set(["rich", "markup", "raw", "has"]);

/** The namespaces a module that chooses its namespace at run time (`useTranslations(x)`) may choose. */
export type DynamicNamespaces = Readonly<Record<string, readonly string[]>>;

function join(namespace: string, key: string): string {
  return [namespace, key].filter(Boolean).join(".");
}

/** The part of the messages a translator call's key argument can name, under the translator's namespace. */
function keyPath(namespace: string, key: ts.Expression | undefined): string {
  if (key && (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key))) return join(namespace, key.text);
  if (key && ts.isTemplateExpression(key)) return join(namespace, key.head.text.slice(0, Math.max(0, key.head.text.lastIndexOf("."))));
  return namespace;
}

/** The `useTranslations` declaration `name` refers to where it is used, by the blocks around it. */
function translatorDeclaration(use: ts.Identifier, declarations: Map<ts.VariableDeclaration, readonly string[]>): ts.VariableDeclaration | null {
  for (let scope: ts.Node | undefined = use.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const found = statement.declarationList.declarations.find((declaration) => declarations.has(declaration) && ts.isIdentifier(declaration.name) && declaration.name.text === use.text);
      if (found) return found;
    }
  }
  return null;
}

/** An identifier that names something else than a variable in scope: a property, an attribute, a declaration. */
function isNameOnly(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent) || ts.isJsxAttribute(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === node) ||
    ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent) || ts.isFunctionDeclaration(parent)) && parent.name === node) ||
    ts.isTypeReferenceNode(parent) ||
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent)
  );
}

/** The message paths the code of one module reads. */
export function messageReads(source: ts.SourceFile, dynamic: DynamicNamespaces = {}): string[] {
  const file = path.isAbsolute(source.fileName) ? path.relative(ROOT, source.fileName) : source.fileName;
  const declarations = new Map<ts.VariableDeclaration, readonly string[]>();
  const identifiers: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === "useMessages") throw new Error(`${file} reads all messages with useMessages: the screens' lists cannot follow it`);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "useTranslations") {
      const declaration = node.parent;
      if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name) || declaration.initializer !== node) {
        throw new Error(`${file}: a useTranslations call whose translator is not kept in a const of its own`);
      }
      const [namespace] = node.arguments;
      if (namespace === undefined) declarations.set(declaration, [""]);
      else if (ts.isStringLiteral(namespace)) declarations.set(declaration, [namespace.text]);
      else {
        const known = dynamic[file];
        if (!known) throw new Error(`${file} reads a namespace chosen at run time: list the ones it may choose`);
        declarations.set(declaration, known);
      }
    } else if (ts.isIdentifier(node)) identifiers.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const names = new Set([...declarations.keys()].flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [declaration.name.text] : [])));
  const reads: string[] = [];
  for (const identifier of identifiers) {
    if (!names.has(identifier.text) || isNameOnly(identifier)) continue;
    const declaration = translatorDeclaration(identifier, declarations);
    const namespaces = declaration ? declarations.get(declaration) : undefined;
    if (!namespaces) continue;
    const parent = identifier.parent;
    let call: ts.CallExpression | null = null;
    if (ts.isCallExpression(parent) && parent.expression === identifier) call = parent;
    else if (ts.isPropertyAccessExpression(parent) && parent.expression === identifier && TRANSLATOR_METHODS.has(parent.name.text) && ts.isCallExpression(parent.parent) && parent.parent.expression === parent) call = parent.parent;
    if (!call) {
      const { line } = source.getLineAndCharacterOfPosition(identifier.getStart(source));
      throw new Error(`${file}:${line + 1}: the translator ${identifier.text} is handed on, so the messages it reads cannot be followed: call it where it is made`);
    }
    for (const namespace of namespaces) reads.push(keyPath(namespace, call.arguments[0]));
  }
  return reads;
}

/**
 * The message paths the client code rendered from `entries` (a route's pages and layouts) reads:
 * the modules they bring in, followed through the repository's own files, counting a module only
 * where it runs in the browser ("use client", or brought in by such a module). A server
 * component's `useTranslations` reads the server's messages, never the ones handed to the browser.
 */
export function clientMessageReads(entries: readonly string[], dynamic: DynamicNamespaces = {}): Set<string> {
  const reads = new Set<string>();
  const seen = new Set<string>();
  const queue = entries.map((file) => ({ file, client: false }));
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const current = readModule(next.file);
    const client = next.client || current.client;
    const key = `${client ? "client" : "server"} ${next.file}`;
    if (seen.has(key) || (current.server && !entries.includes(next.file))) continue;
    seen.add(key);
    if (client) messageReads(current.source, dynamic).forEach((read) => reads.add(read));
    for (const specifier of current.specifiers) {
      const target = resolveModule(next.file, specifier);
      if (target && "file" in target) queue.push({ file: target.file, client });
    }
  }
  return reads;
}
