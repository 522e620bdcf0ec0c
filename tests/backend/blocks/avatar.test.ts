import { crc32, deflateSync } from "node:zlib";
import sharp, { type Sharp } from "sharp";
import { AVATAR_MAX_BYTES } from "@/lib/contract/user";
import { processAvatar } from "@/lib/backend/images/avatar";

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

function solid(width: number, height: number, background: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** A 400×200 picture, red on the left half and blue on the right. */
async function halves(): Promise<Sharp> {
  const blue = await solid(200, 200, BLUE).png().toBuffer();
  return solid(400, 200, RED).composite([{ input: blue, left: 200, top: 0 }]);
}

async function expectCleanAvatar(result: Awaited<ReturnType<typeof processAvatar>>) {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  expect(result).toMatchObject({ contentType: "image/webp", ext: "webp" });
  const metadata = await sharp(result.data).metadata();
  expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  return result.data;
}

async function pixel(webp: Buffer, x: number, y: number) {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset] ?? -1, g: data[offset + 1] ?? -1, b: data[offset + 2] ?? -1 };
}

/** A PNG whose header declares width × height pixels, with almost no pixel data behind it. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("processAvatar", () => {
  test("a PNG, a JPEG and a WebP come out as 256×256 WebP without metadata", async () => {
    const base = solid(640, 480, { r: 40, g: 190, b: 68 });
    const png = await base.clone().png().toBuffer();
    const jpeg = await base.clone().jpeg().keepIccProfile().withExif({ IFD0: { Copyright: "someone", Artist: "someone" } }).toBuffer();
    const webp = await base.clone().webp().keepIccProfile().toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    for (const input of [png, jpeg, webp]) await expectCleanAvatar(await processAvatar(new Uint8Array(input)));
  });

  test("a photo is turned upright by its EXIF orientation before it is cropped", async () => {
    // Orientation 6: the camera was turned, the picture must be rotated 90° clockwise to be
    // seen as taken — the red left half ends up on top, the blue right half at the bottom.
    const jpeg = await (await halves()).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const avatar = await expectCleanAvatar(await processAvatar(jpeg));
    const top = await pixel(avatar, 128, 20);
    const bottom = await pixel(avatar, 128, 236);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);
  });

  test("SVG, GIF, HEIC-like and text files are unsupported, whatever they are called", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const gif = await solid(20, 20, RED).gif().toBuffer();
    const text = Buffer.from("just some text renamed to avatar.png\n");
    const heicLike = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(32)]);
    for (const input of [svg, gif, text, heicLike, Buffer.alloc(0)]) {
      expect(await processAvatar(input)).toEqual({ ok: false, reason: "unsupported" });
    }
  });

  test("more than the size limit is too large, checked before the content", async () => {
    expect(AVATAR_MAX_BYTES).toBe(5 * 1024 * 1024);
    const sixMegabytes = Buffer.alloc(6 * 1024 * 1024);
    sixMegabytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await processAvatar(sixMegabytes)).toEqual({ ok: false, reason: "tooLarge" });
    expect(await processAvatar(Buffer.alloc(AVATAR_MAX_BYTES + 1))).toEqual({ ok: false, reason: "tooLarge" });
  });

  test("an image declaring too many pixels (a decompression bomb) is too large", async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await processAvatar(bomb)).toEqual({ ok: false, reason: "tooLarge" });
  });

  test("a truncated JPEG and a damaged PNG are corrupt", async () => {
    const noise = Buffer.alloc(300 * 300 * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919) % 251;
    const jpeg = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } }).jpeg().toBuffer();
    expect((await processAvatar(jpeg)).ok).toBe(true);
    expect(await processAvatar(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toEqual({ ok: false, reason: "corrupt" });

    const png = await solid(64, 64, BLUE).png().toBuffer();
    const damaged = Buffer.concat([png.subarray(0, 8), Buffer.from("this is not a PNG chunk at all")]);
    expect(await processAvatar(damaged)).toEqual({ ok: false, reason: "corrupt" });
  });
});
