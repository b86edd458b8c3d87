import { deflateSync } from "node:zlib";

/**
 * The plugin's icon (`.claude-plugin/icon.png`, which `claude plugin validate` asks for: a square PNG of 512
 * to 2048 px): drawn at build time, so no binary file is kept in the repository. A dark square with a
 * light frame and three bars, the HUD's rows.
 */
export function iconPng(size = 512): Buffer {
  const row = size * 3 + 1;
  const pixels = Buffer.alloc(row * size);
  const light = (x: number, y: number) => {
    const frame = x < 24 || y < 24 || x >= size - 24 || y >= size - 24;
    const bar =
      x >= 96 && y >= 128 && (y - 128) % 96 < 40 && y < 128 + 3 * 96 && x < size - 96 - (((y - 128) / 96) | 0) * 64;
    return frame || bar;
  };
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const at = y * row + 1 + x * 3;
      const [r, g, b] = light(x, y) ? [120, 220, 255] : [16, 24, 40];
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
    }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
