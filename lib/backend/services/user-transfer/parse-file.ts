import { IMPORT_MAX_ROWS, type ExportFormat } from "@/lib/contract/console/user-transfer";
import { ErrorCode, ServiceError } from "../../errors";
import { pbkdf2String } from "../password-formats";
import { CsvError, parseCsv } from "./csv";

/**
 * An import file as records: CSV with a header row (email, nickname, password_hash, brand) or JSON
 * (an array of users, or an object with `users`: Keycloak's realm export, ZITADEL's and Logto's
 * users). A file that is not one of them is refused whole (21102); a record that is not a user
 * is a bad row (`row`), reported with the others by import.ts.
 */
export type ImportRecord = { line: number; email: string; nickname: string | null; hash: string | null; brand: string | null; shapeless?: true };

function malformed(): never {
  throw new ServiceError(ErrorCode.importMalformed);
}

function tooMany(count: number): void {
  if (count > IMPORT_MAX_ROWS) throw new ServiceError(ErrorCode.importTooLarge, { maxRows: IMPORT_MAX_ROWS });
}

export function detectFormat(text: string): ExportFormat {
  return /^\uFEFF?\s*[[{]/.test(text) ? "json" : "csv";
}

const HEADERS = { email: ["email"], nickname: ["nickname", "name"], hash: ["password_hash", "passwordhash", "hash"], brand: ["brand"] } as const;

function csvRecords(text: string): ImportRecord[] {
  let rows;
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) malformed();
    throw error;
  }
  const [header, ...body] = rows;
  if (!header) malformed();
  tooMany(body.length);
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const column = (options: readonly string[]) => names.findIndex((name) => options.includes(name));
  const email = column(HEADERS.email);
  const nickname = column(HEADERS.nickname);
  const hash = column(HEADERS.hash);
  const brand = column(HEADERS.brand);
  if (email < 0) malformed();
  return body.map(({ line, cells }) => {
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? "") : "");
    const record: ImportRecord = { line, email: cell(email), nickname: cell(nickname).trim() || null, hash: cell(hash).trim() || null, brand: cell(brand).trim() || null };
    return cells.length === names.length ? record : { ...record, shapeless: true };
  });
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function jsonOf(value: unknown): Json {
  if (isObject(value)) return value;
  if (typeof value !== "string") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function first(value: unknown): string {
  return Array.isArray(value) ? String(value[0] ?? "") : String(value ?? "");
}

/** Keycloak's password credential in a form password-formats.ts knows (or a name it refuses). */
function keycloakHash(credentials: unknown): string | null {
  const password = Array.isArray(credentials) ? credentials.find((item) => isObject(item) && item.type === "password") : undefined;
  if (!isObject(password)) return null;
  const secret = jsonOf(password.secretData);
  const data = jsonOf(password.credentialData);
  const algorithm = String(data.algorithm ?? "");
  const value = String(secret.value ?? "");
  const salt = String(secret.salt ?? "");
  const iterations = Number(data.hashIterations);
  if (algorithm === "pbkdf2-sha256") return pbkdf2String(iterations, salt, value);
  if (algorithm === "bcrypt") return value;
  if (algorithm === "argon2") {
    const extra = jsonOf(data.additionalParameters);
    const nopad = (b64: string) => b64.replace(/=+$/, "");
    return `$argon2${first(extra.type) || "id"}$v=19$m=${first(extra.memory)},t=${iterations},p=${first(extra.parallelism)}$${nopad(salt)}$${nopad(value)}`;
  }
  return `keycloak:${algorithm}`;
}

function jsonRecord(user: unknown, index: number): ImportRecord {
  if (!isObject(user)) return { line: index + 1, email: "", nickname: null, hash: null, brand: null, shapeless: true };
  const names = [text(user.firstName), text(user.lastName)].filter(Boolean).join(" ");
  const zitadel = isObject(user.hashedPassword) ? text(user.hashedPassword.value) : null;
  return {
    line: index + 1,
    email: typeof user.email === "string" ? user.email : typeof user.primaryEmail === "string" ? user.primaryEmail : "",
    nickname: text(user.nickname) ?? text(user.name) ?? (names || null),
    hash: text(user.passwordHash) ?? text(user.password_hash) ?? text(user.passwordEncrypted) ?? zitadel ?? keycloakHash(user.credentials),
    // our own export's brand of registration
    brand: text(user.brand),
  };
}

function jsonRecords(text: string): ImportRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    malformed();
  }
  const list = Array.isArray(parsed) ? parsed : isObject(parsed) && Array.isArray(parsed.users) ? parsed.users : malformed();
  tooMany(list.length);
  return list.map(jsonRecord);
}

export function parseImportFile(text: string, format: ExportFormat = detectFormat(text)): { format: ExportFormat; records: ImportRecord[] } {
  return { format, records: format === "json" ? jsonRecords(text) : csvRecords(text) };
}
