// Text written into a PNG (iTXt chunks, UTF-8): a downloaded chart carries its title, source and
// address in the file as well as in the picture, where image viewers and search tools read them.
// Isomorphic: bytes in, bytes out.

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

let crcTable: Uint32Array | undefined;

/** CRC-32 of bytes, as PNG chunks carry it. */
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One iTXt chunk: keyword, uncompressed, no language, UTF-8 text. */
function itxtChunk(keyword: string, text: string): Uint8Array {
  const encoder = new TextEncoder();
  const data = new Uint8Array([...encoder.encode(keyword), 0, 0, 0, 0, 0, ...encoder.encode(text)]);
  const typeAndData = new Uint8Array([...encoder.encode('iTXt'), ...data]);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(typeAndData, 4);
  view.setUint32(8 + data.length, crc32(typeAndData));
  return chunk;
}

/**
 * A PNG with text chunks (`Title`, `Source`, … as PNG names them) put right after its header
 * chunk; a file that is not a PNG is answered as it came.
 */
export function withPngText(png: Uint8Array<ArrayBuffer>, entries: Readonly<Record<string, string>>): Uint8Array<ArrayBuffer> {
  if (SIGNATURE.some((b, i) => png[i] !== b)) return png;
  const headerEnd = 8 + 12 + new DataView(png.buffer, png.byteOffset).getUint32(8);
  const chunks = Object.entries(entries).map(([key, text]) => itxtChunk(key, text));
  const out = new Uint8Array(png.length + chunks.reduce((n, c) => n + c.length, 0));
  out.set(png.subarray(0, headerEnd), 0);
  let at = headerEnd;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  out.set(png.subarray(headerEnd), at);
  return out;
}

/** The text chunks of a PNG, by keyword (for tests and tools). */
export function pngText(png: Uint8Array): Record<string, string> {
  const decoder = new TextDecoder();
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: Record<string, string> = {};
  for (let at = 8; at + 12 <= png.length;) {
    const length = view.getUint32(at);
    const type = decoder.decode(png.subarray(at + 4, at + 8));
    if (type === 'iTXt') {
      const data = png.subarray(at + 8, at + 8 + length);
      const keyEnd = data.indexOf(0);
      // Keyword, NUL, compression flag and method, language tag and translated keyword (each NUL-ended), then the text.
      let textAt = keyEnd + 3;
      for (let nul = 0; nul < 2; nul++) textAt = data.indexOf(0, textAt) + 1;
      out[decoder.decode(data.subarray(0, keyEnd))] = decoder.decode(data.subarray(textAt));
    }
    at += 12 + length;
  }
  return out;
}
