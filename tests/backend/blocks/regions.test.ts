import {
  formatCountryRegion,
  isValidCountry,
  isValidRegion,
  listCountries,
  listRegions,
  regionCodeFromId,
  regionIdFromCode,
} from "@/lib/backend/regions";

const CHINA = 156;
const USA = 840;

function idOf(code: string): number {
  const id = regionIdFromCode(code);
  if (id === null) throw new Error(`no id for ${code}`);
  return id;
}

describe("countries", () => {
  test("ids are ISO 3166-1 numeric codes, names in English and Chinese, every country in both", () => {
    const english = listCountries("en");
    const chinese = listCountries("zh");
    expect(english.length).toBeGreaterThan(240);
    expect(chinese.map((item) => item.id).sort()).toEqual(english.map((item) => item.id).sort());
    expect(new Set(english.map((item) => item.id)).size).toBe(english.length);
    expect(english).toContainEqual({ id: CHINA, name: "People's Republic of China" });
    expect(english).toContainEqual({ id: USA, name: "United States of America" });
    expect(chinese).toContainEqual({ id: CHINA, name: "中国" });
    expect(chinese).toContainEqual({ id: 276, name: "德国" });
  });

  test("sorted by name in the language: English alphabetically, Chinese by pinyin", () => {
    const english = listCountries("en").map((item) => item.name);
    expect(english.indexOf("Afghanistan")).toBe(0);
    expect(english.indexOf("Germany")).toBeLessThan(english.indexOf("Japan"));
    const chinese = listCountries("zh").map((item) => item.name);
    // 德国 (Déguó) before 美国 (Měiguó) before 中国 (Zhōngguó)
    expect(chinese.indexOf("德国")).toBeLessThan(chinese.indexOf("美国"));
    expect(chinese.indexOf("美国")).toBeLessThan(chinese.indexOf("中国"));
  });

  test("validation", () => {
    expect(isValidCountry(CHINA)).toBe(true);
    expect(isValidCountry(USA)).toBe(true);
    for (const id of [0, -156, 999, 1000, 1.5, Number.NaN]) expect(isValidCountry(id)).toBe(false);
  });
});

describe("regions", () => {
  test("China's provinces, with Chinese names in zh and the same ids in both languages", async () => {
    const chinese = await listRegions(CHINA, "zh");
    const english = await listRegions(CHINA, "en");
    if (!chinese || !english) throw new Error("China has regions");
    expect(chinese.length).toBeGreaterThanOrEqual(31);
    expect(chinese).toContainEqual({ id: idOf("CN-GD"), name: "广东省" });
    expect(chinese).toContainEqual({ id: idOf("CN-BJ"), name: "北京市" });
    expect(english).toContainEqual({ id: idOf("CN-GD"), name: "Guangdong" });
    expect(chinese.map((item) => item.id).sort()).toEqual(english.map((item) => item.id).sort());
    // pinyin order: 安徽 (Ānhuī) first, 浙江 (Zhèjiāng) after 广东 (Guǎngdōng)
    const names = chinese.map((item) => item.name);
    expect(names[0]).toBe("安徽省");
    expect(names.indexOf("广东省")).toBeLessThan(names.indexOf("浙江省"));
  });

  test("other countries' regions in Chinese under zh where the dataset has a name, in English where it has none", async () => {
    expect(await listRegions(USA, "en")).toContainEqual({ id: idOf("US-CA"), name: "California" });
    const chinese = await listRegions(USA, "zh");
    expect(chinese).toContainEqual({ id: idOf("US-CA"), name: "加利福尼亚州" });
    expect(chinese).toContainEqual({ id: idOf("US-TX"), name: "德克萨斯州" });
    expect(await listRegions(276, "zh")).toContainEqual({ id: idOf("DE-BY"), name: expect.stringMatching(/^巴伐利亚/) });
    // no Chinese name in the dataset: the English one
    expect(chinese).toContainEqual({ id: idOf("US-GU"), name: "Guam" });
    expect(await formatCountryRegion(USA, idOf("US-CA"), "zh")).toBe("美国/加利福尼亚州");
  });

  test("ids are stable, positive, unique within a country and read back as their ISO code", async () => {
    expect(idOf("CN-GD")).toBe(7_925_659);
    const first = await listRegions(USA, "en");
    const second = await listRegions(USA, "en");
    expect(second).toEqual(first);
    for (const country of [CHINA, USA, 276, 250, 826, 392, 124, 36]) {
      const regions = (await listRegions(country, "en")) ?? [];
      expect(regions.length).toBeGreaterThan(0);
      expect(new Set(regions.map((item) => item.id)).size).toBe(regions.length);
      for (const { id } of regions) {
        expect(id).toBeGreaterThan(0);
        expect(id).toBeLessThan(2 ** 31);
        const code = regionCodeFromId(id);
        expect(code).not.toBeNull();
        expect(regionIdFromCode(code ?? "")).toBe(id);
      }
    }
    expect(regionCodeFromId(idOf("JP-01"))).toBe("JP-01");
    expect(idOf("JP-1")).not.toBe(idOf("JP-01"));
    expect(regionCodeFromId(0)).toBeNull();
    expect(regionIdFromCode("XX-AB")).toBeNull();
    expect(regionIdFromCode("CN-ABCD")).toBeNull();
  });

  test("an unknown country has no region list; a country without subdivisions has an empty one", async () => {
    expect(await listRegions(999, "en")).toBeNull();
    expect(await listRegions(0, "zh")).toBeNull();
    expect(await listRegions(10, "en")).toEqual([]); // Antarctica
  });

  test("validation: a region belongs to its own country only", async () => {
    expect(await isValidRegion(CHINA, idOf("CN-GD"))).toBe(true);
    expect(await isValidRegion(USA, idOf("US-CA"))).toBe(true);
    expect(await isValidRegion(USA, idOf("CN-GD"))).toBe(false);
    expect(await isValidRegion(CHINA, idOf("CN-ZZ"))).toBe(false);
    expect(await isValidRegion(999, idOf("CN-GD"))).toBe(false);
    expect(await isValidRegion(CHINA, 12345)).toBe(false);
  });

  test("country/region text as the profile shows it", async () => {
    expect(await formatCountryRegion(CHINA, idOf("CN-GD"), "zh")).toBe("中国/广东省");
    expect(await formatCountryRegion(CHINA, idOf("CN-GD"), "en")).toBe("People's Republic of China/Guangdong");
    expect(await formatCountryRegion(USA, idOf("US-CA"), "en")).toBe("United States of America/California");
    expect(await formatCountryRegion(CHINA, null, "zh")).toBe("中国");
    expect(await formatCountryRegion(USA, idOf("CN-GD"), "en")).toBe("United States of America");
    expect(await formatCountryRegion(999, null, "en")).toBeNull();
  });
});
