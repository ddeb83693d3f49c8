/**
 * The dashboard's upload reader (src/server/dashboard/upload.ts) on bodies built as a browser
 * builds them (the platform's FormData, serialised by Request), cut into pieces at arbitrary
 * places: the fields before the file and the file's bytes come out exactly, whatever the cuts and
 * whatever the file holds (delimiter look-alikes included); a body that ends early rejects; a body
 * without a file or not multipart is refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openUpload, UploadBrokenError, type OpenedUpload } from '../../../src/server/dashboard/upload.js';

/** The body and Content-Type a browser would send for these fields and this file. */
async function formBody(fields: ReadonlyArray<[string, string]>, file: Uint8Array<ArrayBuffer>, fileName: string): Promise<{ bytes: Uint8Array; type: string }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append('file', new Blob([file]), fileName);
  const request = new Request('http://x.example/', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), type: request.headers.get('content-type') ?? '' };
}

/** A request whose body arrives in the pieces `cuts` make. */
function pieced(bytes: Uint8Array, type: string, cuts: readonly number[]): Request {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    if (point > from) pieces.push(bytes.slice(from, point));
    from = Math.max(from, point);
  }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
  return new Request('http://x.example/', { method: 'POST', body, headers: { 'content-type': type }, duplex: 'half' } as RequestInit);
}

async function readAll(upload: OpenedUpload): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (let piece = await upload.read(); piece !== null; piece = await upload.read()) parts.push(piece);
  return new Uint8Array(Buffer.concat(parts));
}

const text = (value: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(value);

describe('openUpload', () => {
  it('reads the fields and the file exactly, however the body is cut', async () => {
    // File bytes drawn from a small alphabet that makes delimiter look-alikes ("\r\n--", dashes) common.
    const fileBytes = fc.array(fc.constantFrom(13, 10, 45, 65, 0, 255), { maxLength: 600 }).map((values) => Uint8Array.from(values));
    await fc.assert(
      fc.asyncProperty(fileBytes, fc.string({ maxLength: 40 }), fc.array(fc.nat(), { maxLength: 12 }), async (file, token, cuts) => {
        const { bytes, type } = await formBody([['_csrf', token], ['key', 'k1'], ['field', '']], file, 'values.csv');
        const upload = await openUpload(pieced(bytes, type, cuts));
        expect(upload.ok).toBe(true);
        if (!upload.ok) return;
        expect([...upload.fields]).toEqual([['_csrf', token], ['key', 'k1'], ['field', '']]);
        expect(upload.fileName).toBe('values.csv');
        expect(Buffer.from(await readAll(upload)).equals(Buffer.from(file))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects the read of a file whose body ends before its delimiter', async () => {
    const { bytes, type } = await formBody([['_csrf', 't']], text('a\nb\nc\n'.repeat(100)), 'a.csv');
    const upload = await openUpload(pieced(bytes.slice(0, bytes.length - 60), type, [200]));
    if (!upload.ok) throw new Error('the fields should have been read');
    await expect(readAll(upload)).rejects.toBeInstanceOf(UploadBrokenError);
  });

  it('refuses a body without a file (400) and one that is not multipart (415)', async () => {
    const form = new FormData();
    form.append('_csrf', 't');
    expect(await openUpload(new Request('http://x.example/', { method: 'POST', body: form }))).toMatchObject({ ok: false, status: 400, message: { en: 'Choose a file to upload; nothing was changed.', fr: 'Choisissez un fichier à téléverser ; rien n’a été modifié.' } });
    expect(await openUpload(new Request('http://x.example/', { method: 'POST', body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))).toMatchObject({ ok: false, status: 415 });
    expect(await openUpload(pieced(text('garbage without a boundary'), 'multipart/form-data; boundary=xyz', []))).toMatchObject({ ok: false, status: 400 });
  });
});
