import { readRepoFile, repoFiles } from "../support/repo-files";

/**
 * docs/architecture.md ("Mutations"): every form that changes data is react-hook-form's useForm
 * with the one resolver; the console's filters and the export's download are plain
 * `method="get"` forms the browser submits as the page's query, which keep nothing in state.
 * No form keeps its fields' values in useState.
 */
const withForm = [...repoFiles("components", /\.tsx$/), ...repoFiles("app", /\.tsx$/)].filter((file) => /<form\b/.test(readRepoFile(file)));
const onlyGetForms = (source: string) => (source.match(/<form\b[^>]*>/gs) ?? []).every((tag) => /method="get"/.test(tag));
// a field's value copied into a state setter as it is typed: `setName(event.target.value)` (not the
// form's own `form.setValue(…)`, which keeps it in the form)
const fieldInState = /(?<![.\w])set[A-Z]\w*\(\s*(?:\([^)]*\)\s*=>\s*\(?\{[^}]*)?[^;]*?\b(?:event|e)\.target\.value/;

test("every form that changes data is useForm with the one resolver", () => {
  expect(withForm.length).toBeGreaterThan(20);
  const changing = withForm.filter((file) => !onlyGetForms(readRepoFile(file)));
  expect(changing.filter((file) => !/\buseForm\b/.test(readRepoFile(file)) || !/\bformResolver\(/.test(readRepoFile(file)))).toEqual([]);
});

test("the console's and the user centre's forms keep no field in useState", () => {
  const theirs = withForm.filter((file) => /^components\/(console|profile|security)\//.test(file) || file.startsWith("app/[lang]/console/"));
  expect(theirs.length).toBeGreaterThan(15);
  expect(theirs.filter((file) => fieldInState.test(readRepoFile(file)))).toEqual([]);
  // fields outside a <form> element (a row of buttons sharing one reason) count too
  const everyConsoleFile = [...repoFiles("components/console", /\.tsx$/), ...repoFiles("app/[lang]/console", /\.tsx$/)];
  expect(everyConsoleFile.filter((file) => fieldInState.test(readRepoFile(file)))).toEqual([]);
  // the plain query forms hold nothing in state at all
  expect(theirs.filter((file) => onlyGetForms(readRepoFile(file)) && /\buseState\b/.test(readRepoFile(file)))).toEqual([]);
});

test("docs/architecture.md says so and names no form as not yet moved", () => {
  const page = readRepoFile("docs/architecture.md");
  expect(page).toMatch(/Every form that\s+changes data[^.]*?is\s+react-hook-form's `useForm` with the one resolver/);
  expect(page).toMatch(/no form\s+keeps its fields in `useState`/);
  expect(page).not.toMatch(/Not yet all of them/);
});
