/**
 * A streaming JSON writer: a document whose parts are read one after another
 * and written as they come, so a large document (a member's data export with
 * thousands of messages) never sits in memory as one string.
 *
 * A part is a plain JSON value, a promise of one (read when the writer gets
 * there), or an async iterable of records (written as a JSON array, one
 * element at a time).
 */
export type JsonValue = string | number | boolean | null | Date | readonly JsonValue[] | { readonly [key: string]: JsonValue | undefined };

export type JsonPart = JsonValue | (() => Promise<JsonValue>) | AsyncIterable<JsonValue>;

export type JsonDocument = Readonly<Record<string, JsonPart>>;

const isIterable = (part: JsonPart): part is AsyncIterable<JsonValue> => typeof part === 'object' && part !== null && Symbol.asyncIterator in part;

/** Writes the document as UTF-8 JSON text, in pieces of roughly `chunkBytes` (an element is never split across pieces). */
export async function* streamJson(document: JsonDocument, chunkBytes = 64 * 1024): AsyncGenerator<string> {
  let buffer = '{';
  let firstKey = true;
  for (const [key, part] of Object.entries(document)) {
    buffer += `${firstKey ? '' : ','}\n${JSON.stringify(key)}:`;
    firstKey = false;
    if (isIterable(part)) {
      buffer += '[';
      let firstItem = true;
      for await (const item of part) {
        buffer += `${firstItem ? '' : ','}\n${JSON.stringify(item)}`;
        firstItem = false;
        if (buffer.length >= chunkBytes) {
          yield buffer;
          buffer = '';
        }
      }
      buffer += ']';
    } else {
      const value = typeof part === 'function' ? await part() : part;
      buffer += JSON.stringify(value);
    }
    if (buffer.length >= chunkBytes) {
      yield buffer;
      buffer = '';
    }
  }
  yield `${buffer}\n}\n`;
}
