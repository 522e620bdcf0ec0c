import { randomUUID } from "node:crypto";
// Node's own timers, also when a test runs the bridge inside a jsdom environment
import { clearTimeout, setTimeout } from "node:timers";
import type { NativeErrorCode } from "../../lib/contract/native-bridge";

/**
 * The reference bridge's tasks (docs/native-bridge.md): work that outlasts one request (a native
 * login, a file download). `task.wait` is a long poll: it answers as soon as the task ends, or
 * "pending" when its wait is over.
 */
export class TaskError extends Error {
  constructor(readonly code: NativeErrorCode) {
    super(code);
    this.name = "TaskError";
  }
}

type Task = { state: "pending" } | { state: "done"; result: Record<string, unknown> } | { state: "failed"; code: NativeErrorCode };

export function createTasks() {
  const tasks = new Map<string, Task>();
  const waiters = new Map<string, Set<() => void>>();
  const pendingLogins = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  function settle(id: string, task: Task): void {
    if (tasks.get(id)?.state !== "pending") return;
    tasks.set(id, task);
    pendingLogins.delete(id);
    for (const wake of waiters.get(id) ?? []) wake();
    waiters.delete(id);
  }

  return {
    start(): string {
      const id = randomUUID().replace(/-/g, "");
      tasks.set(id, { state: "pending" });
      return id;
    },
    finish: (id: string, result: Record<string, unknown>) => settle(id, { state: "done", result }),
    fail: (id: string, code: NativeErrorCode) => settle(id, { state: "failed", code }),
    waitForLogin(id: string): void {
      pendingLogins.add(id);
    },
    completeLogin(token: string): void {
      for (const id of [...pendingLogins]) settle(id, { state: "done", result: { utoken: token } });
    },
    cancel(id: string): void {
      if (!tasks.has(id)) throw new TaskError("not_found");
      settle(id, { state: "failed", code: "cancelled" });
    },
    async wait(id: string, waitMs: number): Promise<Record<string, unknown>> {
      if (!tasks.has(id)) throw new TaskError("not_found");
      if (tasks.get(id)?.state === "pending" && waitMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, waitMs);
          timers.add(timer);
          const set = waiters.get(id) ?? new Set();
          waiters.set(id, set);
          set.add(done);
          function done() {
            clearTimeout(timer);
            timers.delete(timer);
            set.delete(done);
            resolve();
          }
        });
      }
      const task = tasks.get(id);
      if (task?.state === "done") return { state: "done", result: task.result };
      if (task?.state === "failed") throw new TaskError(task.code);
      return { state: "pending" };
    },
    stop(): void {
      for (const timer of timers) clearTimeout(timer);
      for (const set of waiters.values()) for (const wake of set) wake();
      waiters.clear();
    },
  };
}
