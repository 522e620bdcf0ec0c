import { screen, within } from "@testing-library/react";
import { UserResultsTable, type UserResultRow } from "@/components/console/user-results-table";
import { BulkUserTable } from "@/components/console/bulk-user-table";
import { messages, renderIn } from "../support/render";

jest.mock("@/lib/actions/console/bulk", () => ({ previewBulkAction: jest.fn(), createBulkJobAction: jest.fn(), cancelBulkJobAction: jest.fn() }));

const rows: UserResultRow[] = [
  { id: "00000000-0000-4000-8000-000000000001", email: "maker@brand.test", href: "/en/console/users/1", enterprise: null, nickname: "Maker", status: "Active", created: "", lastSignIn: "", brand: "atomm" },
  { id: "00000000-0000-4000-8000-000000000002", email: "plain@brand.test", href: "/en/console/users/2", enterprise: null, nickname: "—", status: "Active", created: "", lastSignIn: "", brand: "—" },
];

/** The cell of a column, read by its header, in the row of an email. */
function cellOf(email: string, header: string): string | null {
  const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
  const row = screen.getByRole("row", { name: new RegExp(email) });
  return within(row).getAllByRole("cell")[headers.indexOf(header)]?.textContent ?? null;
}

test.each(["en", "zh"] as const)("the Users list shows the brand each account registered from, and — without one (%s)", (lang) => {
  const columns = messages[lang].console.users.columns;
  renderIn(lang, <UserResultsTable rows={rows} />);
  expect(screen.getByRole("columnheader", { name: columns.brand })).toBeInTheDocument();
  expect(cellOf("maker@brand.test", columns.brand)).toBe("atomm");
  expect(cellOf("plain@brand.test", columns.brand)).toBe("—");
  expect(cellOf("maker@brand.test", columns.nickname)).toBe("Maker");
});

test("an admin's table, with its checkboxes, shows the same column", () => {
  renderIn("en", <BulkUserTable lang="en" rows={rows} count={2} search={{ q: "brand.test" }} exportPath="/en/console/export/download" />);
  expect(cellOf("maker@brand.test", "Registered from")).toBe("atomm");
  expect(screen.getByRole("checkbox", { name: "Select maker@brand.test" })).not.toBeChecked();
});
