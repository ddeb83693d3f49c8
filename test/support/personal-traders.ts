/**
 * Natural persons registered for VAT, for the data-at-rest tests (docs/service.md#data-at-rest):
 * numbers built on a person's number (Spanish DNI and NIE, Czech and Slovak birth numbers) from
 * the generators, each with the name and address VIES gives for them, every form in which they
 * could land in a file or a column, the VIES fake set up to answer them, and their answer kept as
 * the versions before issue 29 kept it.
 */
import type { SqlClient } from '../../src/server/storage/sql/client.js';
import { migrate } from '../../src/server/storage/sql/migrate.js';
import { jsonParam } from '../../src/server/storage/sql/values.js';
import type { ViesFake } from './fakes/vies.js';
import { seededRng, typedLikeAPerson, VALID_VAT_BUILDERS, type Rng } from './generators/vat.js';

/** A natural person registered for VAT, as VIES answers for them. */
export interface Person {
  /** The number as the user typed it. */
  typed: string;
  /** Its compact form, prefix included. */
  vat: string;
  name: string;
  /** Two lines, as member states send it. */
  address: string;
  /** The name the user sent with the number (the cache keeps it: VIES's name match is about it). */
  traderName: string;
}

/** A valid number of a prefix's variant (VALID_VAT_BUILDERS), e.g. `('ES', 'dni')`. */
export function vatOf(rng: Rng, country: string, variant: string): string {
  const builder = VALID_VAT_BUILDERS[country]?.[variant];
  if (builder === undefined) throw new Error(`no ${country} ${variant} numbers`);
  return builder(rng);
}

/** Four people, one per kind of personal VAT number, with fresh random numbers. */
export function personalTraders(rng: Rng = seededRng(Date.now() % 2_147_483_647)): Person[] {
  const person = (vat: string, name: string, address: string, traderName: string): Person => ({
    typed: typedLikeAPerson(rng, vat),
    vat,
    name,
    address,
    traderName,
  });
  return [
    person(vatOf(rng, 'ES', 'dni'), 'ZUBIZARRETA OLANO, MARÍA JOSEFA', 'CALLE DE LAS ACACIAS 17\n28041 MADRID', 'María Josefa Zubizarreta'),
    person(vatOf(rng, 'ES', 'nie'), 'KOWALCZYK WIŚNIEWSKA, AGNIESZKA', 'AVINGUDA DIAGONAL 401\n08008 BARCELONA', 'Agnieszka Kowalczyk'),
    person(vatOf(rng, 'CZ', 'birth number (10)'), 'JAROSLAV KŘIVÁNEK', 'Vinohradská 1511/230\n100 00 Praha 10', 'Jaroslav Křivánek'),
    person(vatOf(rng, 'SK', 'birth number'), 'ĽUBOMÍR HRNČIARIK', 'Štefánikova 12\n811 05 Bratislava', 'Ľubomír Hrnčiarik'),
  ];
}

/**
 * Every form in which a person's data could be kept: the number as typed, compact, without its
 * prefix and as its digits alone; the name and the name sent, as they are and in upper case; the
 * address and each of its lines. (findInFiles and findInText also try each without spaces and dashes.)
 */
export function formsOfPerson(p: Person): string[] {
  const body = p.vat.slice(2);
  return [p.typed, p.vat, body, body.replace(/\D/g, ''), p.name, p.traderName, p.traderName.toUpperCase(), p.address, ...p.address.split('\n')];
}

/** Registers `people` with the fake, every member state sending the name and address it holds. */
export function registerWithVies(vies: ViesFake, people: readonly Person[]): void {
  // Spain withholds names and compares the name sent by default: here it answers as the others.
  vies.withholding.clear();
  vies.comparing.clear();
  for (const p of people) vies.register(p.vat, { valid: true, name: p.name, address: p.address });
}

/**
 * Brings `sql` to the schema of an older version (`migrations`, the first of the engine's) and
 * keeps `p`'s VIES answer in its cache as that version did: the number, the name, the address and
 * the trader name sent, in clear.
 */
export async function cacheAsBeforeSealing(sql: SqlClient, migrations: readonly string[], p: Person): Promise<void> {
  await migrate({ ...sql, dialect: { ...sql.dialect, migrations } });
  const d = sql.dialect;
  const answer = { valid: true, requestDate: '2026-11-20', name: p.name, address: p.address };
  await sql.query(
    `INSERT INTO vies_cache (country_code, vat_number, answer, checked_at, trader_name, requester)
      VALUES ($1, $2, ${d.param(3, 'json')}, ${d.param(4, 'time')}, $5, NULL)`,
    [p.vat.slice(0, 2), p.vat.slice(2), jsonParam(answer), d.time(new Date()), p.traderName],
  );
}
