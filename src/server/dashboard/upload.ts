/**
 * A file sent by a dashboard form (`multipart/form-data`, RFC 7578: the job upload), read as it
 * arrives: the form's small fields first (a browser sends the parts in the form's order, so the
 * CSRF token, the key and the field come before the file), then the file, piece by piece, for the
 * job reader (../batch/submit.ts) to check and store as it comes, never holding the whole body nor
 * the event loop. Each piece costs a search of the bytes it brings (the delimiter can straddle two
 * pieces: the last delimiter-length bytes wait for the next). Never rejects but through `read`
 * (UploadBrokenError).
 *
 * Why not a package: the maintained streaming parsers (busboy, @fastify/busboy) cost 8.9 kB gzip,
 * more than the service's size budget had left; this reader only needs one shape (fields, then
 * one file).
 */
import { phrases, type Phrase } from './i18n/phrase.js';

/** The small fields of an upload form, at most. */
const MAX_FIELDS = 8;
/** A small field's value, at most (a CSRF token, a key id, a field name). */
const MAX_FIELD_BYTES = 1024;
/** A part's header block, at most. */
const MAX_HEADER_BYTES = 8 * 1024;
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The upload broke off while its file was read (the connection closed, a malformed part). */
export class UploadBrokenError extends Error {
  /** Always `UploadBrokenError`. */
  override readonly name = 'UploadBrokenError';
  constructor() {
    super(UPLOAD_REFUSED.brokeOff.en);
  }
}

/** The file part of an upload, with the form's fields that came before it. */
export interface OpenedUpload {
  ok: true;
  fields: ReadonlyMap<string, string>;
  /** The file's name as the browser sent it ('' when none). */
  fileName: string;
  /** The file's next piece; null at its end. Rejects with UploadBrokenError when the body breaks off or is malformed. */
  read(): Promise<Uint8Array | null>;
}

/** Why an upload cannot be read: the status and a sentence for the page. */
export interface RefusedUpload {
  ok: false;
  status: 400 | 415;
  message: Phrase;
}

/** What an upload refused says, in every page language. */
export const UPLOAD_REFUSED = phrases({
  unreadable: { en: 'The upload could not be read; nothing was changed.', es: 'No se pudo leer el archivo subido; no se ha cambiado nada.', fr: 'Le fichier téléversé n’a pas pu être lu ; rien n’a été modifié.', de: 'Der Upload konnte nicht gelesen werden; es wurde nichts geändert.', it: 'Non è stato possibile leggere il caricamento; non è stato cambiato nulla.', pt: 'Não foi possível ler o carregamento; nada foi alterado.', nl: 'De upload kon niet worden gelezen; er is niets gewijzigd.', pl: 'Nie udało się odczytać przesłanego pliku; nic nie zostało zmienione.' },
  noFile: { en: 'Choose a file to upload; nothing was changed.', es: 'Elija un archivo para subir; no se ha cambiado nada.', fr: 'Choisissez un fichier à téléverser ; rien n’a été modifié.', de: 'Wählen Sie eine Datei zum Hochladen; es wurde nichts geändert.', it: 'Scegli un file da caricare; non è stato cambiato nulla.', pt: 'Escolha um ficheiro para carregar; nada foi alterado.', nl: 'Kies een bestand om te uploaden; er is niets gewijzigd.', pl: 'Wybierz plik do przesłania; nic nie zostało zmienione.' },
  notMultipart: { en: 'Not a file upload (multipart/form-data); nothing was changed.', es: 'No es una subida de archivo (multipart/form-data); no se ha cambiado nada.', fr: 'Ce n’est pas un téléversement de fichier (multipart/form-data) ; rien n’a été modifié.', de: 'Kein Datei-Upload (multipart/form-data); es wurde nichts geändert.', it: 'Non è un caricamento di file (multipart/form-data); non è stato cambiato nulla.', pt: 'Não é um carregamento de ficheiro (multipart/form-data); nada foi alterado.', nl: 'Geen bestandsupload (multipart/form-data); er is niets gewijzigd.', pl: 'To nie jest przesyłanie pliku (multipart/form-data); nic nie zostało zmienione.' },
  brokeOff: { en: 'The upload broke off; nothing was kept.', es: 'La subida se interrumpió; no se ha guardado nada.', fr: 'Le téléversement s’est interrompu ; rien n’a été conservé.', de: 'Der Upload brach ab; es wurde nichts gespeichert.', it: 'Il caricamento si è interrotto; non è stato conservato nulla.', pt: 'O carregamento foi interrompido; nada foi guardado.', nl: 'De upload werd afgebroken; er is niets bewaard.', pl: 'Przesyłanie zostało przerwane; nic nie zostało zapisane.' },
});

const UNREADABLE: RefusedUpload = { ok: false, status: 400, message: UPLOAD_REFUSED.unreadable };
const NO_FILE: RefusedUpload = { ok: false, status: 400, message: UPLOAD_REFUSED.noFile };

/** The boundary a multipart/form-data Content-Type names; null for any other type. */
function boundaryOf(type: string | null): string | null {
  if (type === null || type.split(';')[0]?.trim().toLowerCase() !== 'multipart/form-data') return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(type);
  return match === null ? null : (match[1] ?? match[2] ?? null);
}

/** A part's name and file name, from its Content-Disposition (`form-data; name="x"; filename="y"`). */
function dispositionOf(head: string): { name: string; fileName: string | null } | null {
  const line = head.split('\r\n').find((header) => /^content-disposition\s*:/i.test(header));
  if (line === undefined) return null;
  const name = /\bname="([^"]*)"/i.exec(line)?.[1];
  if (name === undefined) return null;
  return { name, fileName: /\bfilename="([^"]*)"/i.exec(line)?.[1] ?? null };
}

/** The bytes of a body as they arrive, with searches that wait for more. */
function bodyBytes(body: ReadableStream<Uint8Array>): { buffer(): Buffer; consume(bytes: number): void; more(): Promise<boolean> } {
  const source = body.getReader();
  // The body's first delimiter has no CRLF before it: one is put there, so that every delimiter reads alike.
  let buffer = Buffer.from('\r\n');
  return {
    buffer: () => buffer,
    consume(bytes) {
      buffer = buffer.subarray(bytes);
    },
    async more() {
      const next = await source.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done === true) return false;
      buffer = Buffer.concat([buffer, next.value]);
      return true;
    },
  };
}

/**
 * The fields and the file of `request`, once the file part begins; the refusal when the body is not
 * multipart, cannot be read, or ends without a file.
 */
export async function openUpload(request: Request): Promise<OpenedUpload | RefusedUpload> {
  const boundary = boundaryOf(request.headers.get('content-type'));
  if (boundary === null || request.body === null) {
    return { ok: false, status: 415, message: UPLOAD_REFUSED.notMultipart };
  }
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const bytes = bodyBytes(request.body);

  /** Index of `needle` in what has arrived, waiting for more while it is not there and `limit` bytes are not exceeded; -1 otherwise. */
  async function find(needle: Buffer, limit: number): Promise<number> {
    for (;;) {
      const at = bytes.buffer().indexOf(needle);
      if (at >= 0) return at;
      if (bytes.buffer().length > limit || !(await bytes.more())) return -1;
    }
  }

  /** After a delimiter: the next part's name and file name; null after the closing one; undefined when malformed. */
  async function nextPart(): Promise<{ name: string; fileName: string | null } | null | undefined> {
    while (bytes.buffer().length < 2) if (!(await bytes.more())) return undefined;
    const after = bytes.buffer().subarray(0, 2).toString('latin1');
    if (after === '--') return null;
    if (after !== '\r\n') return undefined;
    bytes.consume(2);
    const end = await find(HEADERS_END, MAX_HEADER_BYTES);
    if (end < 0) return undefined;
    const head = bytes.buffer().subarray(0, end).toString('utf8');
    bytes.consume(end + HEADERS_END.length);
    return dispositionOf(head) ?? undefined;
  }

  // Anything before the first delimiter is a preamble (RFC 2046), skipped.
  const first = await find(delimiter, MAX_HEADER_BYTES);
  if (first < 0) return UNREADABLE;
  bytes.consume(first + delimiter.length);
  const fields = new Map<string, string>();
  for (;;) {
    const part = await nextPart();
    if (part === undefined) return UNREADABLE;
    if (part === null) return NO_FILE;
    if (part.fileName !== null) return { ok: true, fields, fileName: part.fileName, read: fileReader(bytes, delimiter) };
    if (fields.size >= MAX_FIELDS) return UNREADABLE;
    const end = await find(delimiter, MAX_FIELD_BYTES + delimiter.length);
    if (end < 0) return UNREADABLE;
    fields.set(part.name, bytes.buffer().subarray(0, end).toString('utf8'));
    bytes.consume(end + delimiter.length);
  }
}

/** The reader of a file part's bytes up to its delimiter: what arrived, but for the bytes the delimiter may begin with. */
function fileReader(bytes: ReturnType<typeof bodyBytes>, delimiter: Buffer): () => Promise<Uint8Array | null> {
  let ended = false;
  return async () => {
    while (!ended) {
      const buffer = bytes.buffer();
      const at = buffer.indexOf(delimiter);
      if (at >= 0) {
        ended = true;
        bytes.consume(at + delimiter.length);
        if (at > 0) return buffer.subarray(0, at);
        return null;
      }
      const safe = buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        bytes.consume(safe);
        return buffer.subarray(0, safe);
      }
      if (!(await bytes.more())) throw new UploadBrokenError();
    }
    return null;
  };
}
