import { clientModulesReaching } from "./support/client-imports";

/**
 * One form stack and no zod in the browser (docs/decisions.md): the client code checks input with
 * the contract's rules through react-hook-form and formResolver; zod stays on the server.
 */
describe("what client code brings into the browser", () => {
  it("no client module reaches zod", () => {
    expect(clientModulesReaching((pkg) => pkg === "zod" || pkg.startsWith("zod/"))).toEqual([]);
  });

  it("react-hook-form is the only form library: no resolver package", () => {
    expect(clientModulesReaching((pkg) => pkg.startsWith("@hookform/"))).toEqual([]);
  });

  it("the list of common passwords stays on the server: no client module reaches it", () => {
    expect(clientModulesReaching((pkg) => pkg.startsWith("@zxcvbn-ts/"))).toEqual([]);
  });
});
