import { readRepoFile, repoFiles } from "../support/repo-files";

/**
 * docs/architecture.md ("Mutations") says which forms are react-hook-form's useForm and names
 * the ones that are not yet. This keeps the page true: a new form uses useForm, and a form that
 * moves to it leaves this list and the page.
 */
const NOT_YET_USE_FORM = [
  "app/[lang]/console/export/page.tsx",
  "components/console/analytics-dashboard.tsx",
  "components/console/announcement-composer.tsx",
  "components/console/ban-form.tsx",
  "components/console/code-batch-form.tsx",
  "components/console/code-lookup.tsx",
  "components/console/enterprise-create-form.tsx",
  "components/console/enterprise-list.tsx",
  "components/console/message-composer.tsx",
  "components/console/reason-confirm.tsx",
  "components/console/audit-view.tsx",
  "components/profile/country-form.tsx",
  "components/security/passkey-row.tsx",
  "components/security/passkeys-section.tsx",
];

const withForm = [...repoFiles("components", /\.tsx$/), ...repoFiles("app", /\.tsx$/)].filter((file) => /<form\b/.test(readRepoFile(file)));
const usesForm = (file: string) => /\buseForm\b/.test(readRepoFile(file));

test("every form but the listed ones is react-hook-form's useForm", () => {
  expect(withForm.length).toBeGreaterThan(20);
  expect(withForm.filter((file) => !usesForm(file) && !NOT_YET_USE_FORM.includes(file))).toEqual([]);
});

test("the list holds only forms that still do without it", () => {
  expect(NOT_YET_USE_FORM.filter((file) => !withForm.includes(file) || usesForm(file))).toEqual([]);
});

test("docs/architecture.md names each of them", () => {
  const page = readRepoFile("docs/architecture.md");
  expect(NOT_YET_USE_FORM.filter((file) => !page.includes(file.replace(/^components\//, "")))).toEqual([]);
});
