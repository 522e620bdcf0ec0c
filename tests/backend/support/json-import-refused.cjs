// @countrystatecity/countries reads its data with `import("./data/<country>/states.json")` and,
// when that fails, with fs. Under Node (the portal) such an import without `with { type: "json" }`
// fails, so the portal reads with fs. Jest's module loader would import it instead, with one
// deprecation warning per file. jest.config.mjs maps these imports here, so the backend tests
// take the same path as the portal, quietly.
const error = new TypeError("Importing a JSON module needs the import attribute type: \"json\"");
error.code = "ERR_IMPORT_ATTRIBUTE_MISSING";
throw error;
