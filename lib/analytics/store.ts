import { QUEUE_MAX, type AnalyticsEvent } from "@/lib/contract/analytics-rules";

/**
 * What analytics keeps in the browser (localStorage, so it survives reloads and is shared by
 * the tabs of a site): the unsent events (at most 200, the oldest dropped first), the browser's
 * random id, the signed-in user's id, the session and the page being viewed. The storage is the
 * truth (each change reads, changes and writes it), so two tabs do not undo each other; when
 * it cannot be used, memory stands in. The page being viewed is per tab (sessionStorage).
 */
const KEYS = { queue: "passport:analytics:queue", id: "passport:analytics:id", login: "passport:analytics:login", session: "passport:analytics:session", page: "passport:analytics:page" } as const;
type Key = keyof typeof KEYS;

export type Session = { id: string; last: number };
export type PageVisit = { url: string; referrer: string | null; enteredAt: number; beatAt: number };

export class AnalyticsStore {
  private readonly memory = new Map<Key, string>();

  constructor(
    private readonly local: Storage | null,
    private readonly tab: Storage | null,
  ) {}

  private storageOf(key: Key): Storage | null {
    return key === "page" ? this.tab : this.local;
  }

  private read<T>(key: Key, fallback: T): T {
    let text: string | null | undefined;
    try {
      const storage = this.storageOf(key);
      text = storage ? storage.getItem(KEYS[key]) : this.memory.get(key);
    } catch {
      text = this.memory.get(key);
    }
    if (text === null || text === undefined) return fallback;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  }

  private write(key: Key, value: unknown): void {
    const text = JSON.stringify(value);
    this.memory.set(key, text);
    try {
      const storage = this.storageOf(key);
      if (value === null) storage?.removeItem(KEYS[key]);
      else storage?.setItem(KEYS[key], text);
    } catch {
      // quota or privacy mode: memory keeps it for this page
    }
  }

  queue(): AnalyticsEvent[] {
    const value = this.read<unknown>("queue", []);
    return Array.isArray(value) ? (value as AnalyticsEvent[]) : [];
  }

  /** Adds an event; beyond 200 the oldest go. */
  push(event: AnalyticsEvent): void {
    this.write("queue", [...this.queue(), event].slice(-QUEUE_MAX));
  }

  remove(ids: ReadonlySet<string>): void {
    this.write("queue", this.queue().filter((event) => !ids.has(event.id)));
  }

  distinctId(create: () => string): string {
    const id = this.read<unknown>("id", null);
    if (typeof id === "string" && id) return id;
    const made = create();
    this.write("id", made);
    return made;
  }

  loginId(): string | null {
    const id = this.read<unknown>("login", null);
    return typeof id === "string" && id ? id : null;
  }

  setLoginId(id: string | null): void {
    this.write("login", id);
  }

  session(): Session | null {
    const session = this.read<Partial<Session> | null>("session", null);
    return session && typeof session.id === "string" && typeof session.last === "number" ? { id: session.id, last: session.last } : null;
  }

  setSession(session: Session): void {
    this.write("session", session);
  }

  page(): PageVisit | null {
    const page = this.read<Partial<PageVisit> | null>("page", null);
    return page && typeof page.url === "string" && typeof page.enteredAt === "number" && typeof page.beatAt === "number"
      ? { url: page.url, referrer: typeof page.referrer === "string" ? page.referrer : null, enteredAt: page.enteredAt, beatAt: page.beatAt }
      : null;
  }

  setPage(page: PageVisit | null): void {
    this.write("page", page);
  }
}
