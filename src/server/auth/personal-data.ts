// Leaves readers' personal data out of a staff answer for a role without the right to it
// (`personalDataOf` in src/server/auth/route-permissions.ts says which fields): the named keys
// at any depth of a JSON answer, the named columns of a CSV answer (streamed, row by row).

/** A JSON text without the named keys, at any depth. */
export function jsonWithout(text: string, fields: readonly string[]): string {
  return JSON.stringify(JSON.parse(text, (key, value: unknown) => (fields.includes(key) ? undefined : value)));
}

/**
 * The cells of the CSV records in `text` (RFC 4180: quoted cells may hold commas, quotes and
 * line breaks), and what is left after the last complete record.
 */
function csvRecords(text: string): { records: string[][]; rest: string } {
  const records: string[][] = [];
  let cells: string[] = [];
  let start = 0;
  let quoted = false;
  let recordStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') {
      cells.push(text.slice(start, i));
      start = i + 1;
    } else if (!quoted && c === '\n') {
      cells.push(text.slice(start, text[i - 1] === '\r' ? i - 1 : i));
      records.push(cells);
      cells = [];
      start = recordStart = i + 1;
    }
  }
  return { records, rest: text.slice(recordStart) };
}

/** A CSV stream without the columns whose header names a field; the cells of the others are passed on as they came. */
function csvWithout(body: ReadableStream<Uint8Array>, fields: readonly string[]): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  let kept: number[] | undefined;
  const emit = (records: string[][], controller: TransformStreamDefaultController<Uint8Array>) => {
    const lines = records.map((cells) => {
      kept ??= cells.flatMap((name, i) => (fields.includes(name.replace(/^"|"$/g, '')) ? [] : [i]));
      return `${kept.map((i) => cells[i] ?? '').join(',')}\r\n`;
    });
    if (lines.length > 0) controller.enqueue(encoder.encode(lines.join('')));
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const { records, rest } = csvRecords(pending + decoder.decode(chunk, { stream: true }));
        pending = rest;
        emit(records, controller);
      },
      flush(controller) {
        const tail = pending + decoder.decode();
        if (tail !== '') emit(csvRecords(tail.endsWith('\n') ? tail : `${tail}\n`).records, controller);
      },
    }),
  );
}

/** The answer without the named fields: a JSON or CSV success as said above; anything else (an error, no body) as it is. */
export async function withoutPersonalData(response: Response, fields: readonly string[]): Promise<Response> {
  if (fields.length === 0 || !response.ok || !response.body) return response;
  const type = response.headers.get('Content-Type') ?? '';
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('ETag');
  if (type.includes('application/json')) {
    return new Response(jsonWithout(await response.text(), fields), { status: response.status, headers });
  }
  if (type.includes('text/csv')) return new Response(csvWithout(response.body, fields), { status: response.status, headers });
  return response;
}
