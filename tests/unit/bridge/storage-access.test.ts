import { requestStorageAccessUnprompted } from "@/lib/bridge/storage-access";

/**
 * The frame's own storage-access requests as it loads (docs/fedcm.md): never while the document
 * holds a user activation (that would be the browser's prompt), again after a refusal a bounded
 * number of times, and not at all once the frame is gone.
 */
type Doc = Document & { requestStorageAccess?: () => Promise<void> };
const doc = document as Doc;
const activation = { isActive: false };
const WAITS = [20, 40, 80];

/** The browser's answers in turn: true grants, false refuses; records whether each ask held an activation. */
function browserAnswers(answers: boolean[]): boolean[] {
  const asked: boolean[] = [];
  doc.requestStorageAccess = () => {
    asked.push(activation.isActive);
    const granted = answers[asked.length - 1] ?? false;
    return granted ? Promise.resolve() : Promise.reject(new DOMException("Must be handling a user gesture", "NotAllowedError"));
  };
  return asked;
}

beforeEach(() => {
  activation.isActive = false;
  Object.defineProperty(navigator, "userActivation", { value: activation, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, "userActivation");
  Reflect.deleteProperty(doc, "requestStorageAccess");
});

test("refused, asks again after each wait and stops at the first grant", async () => {
  const asked = browserAnswers([false, false, true]);
  expect(await requestStorageAccessUnprompted(new AbortController().signal, WAITS)).toBe(true);
  expect(asked).toEqual([false, false, false]);
});

test("gives up after the last wait: one request more than there are waits", async () => {
  const asked = browserAnswers([]);
  expect(await requestStorageAccessUnprompted(new AbortController().signal, WAITS)).toBe(false);
  expect(asked).toHaveLength(WAITS.length + 1);
});

test("never asks while the document holds a user activation (a click in the frame meanwhile)", async () => {
  const asked = browserAnswers([false, true]);
  const granted = requestStorageAccessUnprompted(new AbortController().signal, WAITS);
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(asked).toEqual([false]);
  // the user clicks in the frame before the next request: it waits for the click to lapse
  activation.isActive = true;
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(asked).toEqual([false]);
  activation.isActive = false;
  expect(await granted).toBe(true);
  expect(asked).toEqual([false, false]);
});

test("stops asking once aborted (the frame left)", async () => {
  const asked = browserAnswers([]);
  const frame = new AbortController();
  const granted = requestStorageAccessUnprompted(frame.signal, [10_000]);
  await new Promise((resolve) => setTimeout(resolve, 5));
  frame.abort();
  expect(await granted).toBe(false);
  expect(asked).toEqual([false]);
});

test("without the Storage Access API: false, without asking", async () => {
  expect(await requestStorageAccessUnprompted(new AbortController().signal, WAITS)).toBe(false);
});
