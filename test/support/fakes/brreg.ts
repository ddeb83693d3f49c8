/**
 * A loopback fake of Brønnøysund's Enhetsregisteret open data API (node:http on 127.0.0.1, port 0),
 * as docs/fields/vat.md#registries-beyond-vies describes it: `GET
 * /enhetsregisteret/api/enheter/{orgnr}` answers an entity as JSON (`navn`, `forretningsadresse`,
 * `postadresse`, `registrertIMvaregisteret`, `konkurs`, `underAvvikling`,
 * `underTvangsavviklingEllerTvangsopplosning`, `slettedato`), 404 with the API's error body for an
 * unknown number, 410 with `slettedato` for an entity removed from the register, 400 for a number
 * that is not 9 digits. Scenario knobs: down (503), slow, hang, reset, a body the test writes.
 */
import { createServer } from 'node:http';
import { closeServer, listenOnLoopback, misbehaved, scriptedBehaviour, withBody, type LoopbackMisbehaviour } from './loopback.js';

/** An entity of the fake's register; what is left out is left out of the JSON. */
export interface BrregEntity {
  navn: string;
  registrertIMvaregisteret: boolean;
  konkurs?: boolean;
  underAvvikling?: boolean;
  underTvangsavviklingEllerTvangsopplosning?: boolean;
  slettedato?: string;
  forretningsadresse?: BrregAddress;
  postadresse?: BrregAddress;
}

export interface BrregAddress {
  adresse: string[];
  postnummer?: string;
  poststed?: string;
  landkode?: string;
  land?: string;
}

export type BrregBehaviour = { kind: 'down' } | LoopbackMisbehaviour;

export interface BrregFake {
  url: string;
  /** Paths asked for, every one counted, with their Accept header. */
  readonly requests: readonly { path: string; accept: string | undefined }[];
  register(orgnr: string, entity: BrregEntity): void;
  /** Marks a number removed from the register (410, with its deletion date). */
  remove(orgnr: string, slettedato: string): void;
  behave(behaviour: BrregBehaviour, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** The JSON the fake sends for an entity (tests hash it to check `replySha256`). */
export function brregEntityJson(orgnr: string, entity: BrregEntity): string {
  return JSON.stringify({
    organisasjonsnummer: orgnr,
    navn: entity.navn,
    organisasjonsform: { kode: 'AS', beskrivelse: 'Aksjeselskap' },
    ...(entity.postadresse ? { postadresse: { land: 'Norge', landkode: 'NO', ...entity.postadresse } } : {}),
    registrertIMvaregisteret: entity.registrertIMvaregisteret,
    ...(entity.forretningsadresse ? { forretningsadresse: { land: 'Norge', landkode: 'NO', ...entity.forretningsadresse } } : {}),
    konkurs: entity.konkurs ?? false,
    underAvvikling: entity.underAvvikling ?? false,
    underTvangsavviklingEllerTvangsopplosning: entity.underTvangsavviklingEllerTvangsopplosning ?? false,
    ...(entity.slettedato ? { slettedato: entity.slettedato } : {}),
    _links: { self: { href: `https://data.brreg.no/enhetsregisteret/api/enheter/${orgnr}` } },
  });
}

const ENTITY_PATH = /^\/enhetsregisteret\/api\/enheter\/([^/]+)$/;

export async function startBrregFake(): Promise<BrregFake> {
  const entities = new Map<string, BrregEntity>();
  const removed = new Map<string, string>();
  const requests: { path: string; accept: string | undefined }[] = [];
  const rules = scriptedBehaviour<BrregBehaviour | null>(null);

  const server = createServer(
    withBody(async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      requests.push({ path, accept: req.headers.accept });
      const json = (status: number, body: string): void => {
        res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8' });
        res.end(body);
      };
      const behaviour = rules.take();
      if (await misbehaved(behaviour, req, res, 'application/json')) return;
      if (behaviour?.kind === 'down') {
        res.writeHead(503, { 'Content-Type': 'text/html' });
        res.end('<html><body>Vedlikehold</body></html>');
        return;
      }
      const orgnr = ENTITY_PATH.exec(path)?.[1];
      const error = (status: number, message: string): void =>
        json(status, JSON.stringify({ timestamp: '2026-11-22T10:00:00.000+00:00', status, error: message, message, path }));
      if (orgnr === undefined || req.method !== 'GET') return error(404, 'Not Found');
      if (!/^\d{9}$/.test(orgnr)) return error(400, 'Ugyldig organisasjonsnummer');
      const deletedOn = removed.get(orgnr);
      if (deletedOn !== undefined) return json(410, JSON.stringify({ organisasjonsnummer: orgnr, slettedato: deletedOn, respons_klasse: 'SlettetEnhet' }));
      const entity = entities.get(orgnr);
      if (entity === undefined) return error(404, 'Not Found');
      json(200, brregEntityJson(orgnr, entity));
    }),
  );
  const port = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    register(orgnr, entity) {
      entities.set(orgnr, entity);
    },
    remove(orgnr, slettedato) {
      removed.set(orgnr, slettedato);
    },
    behave(behaviour, times) {
      rules.set(behaviour, times);
    },
    reset() {
      rules.set(null);
    },
    close: () => closeServer(server),
  };
}
