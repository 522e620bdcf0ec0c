export { countryAlpha2, countryIdByAlpha2, countryName, countryNameByAlpha2, isValidCountry, listCountries } from "./countries";
export { formatCountryRegion, isValidRegion, listRegions } from "./regions";
export { regionCodeFromId, regionIdFromCode } from "./region-ids";
