/**
 * The outside world documentation examples run against: loopback fakes of VIES, the VIES status
 * feed, TEDB, DNS and RDAP, and a service started here with a FREE key. An example reaches them
 * through the environment variables `verifield serve` reads (docs/service.md#configuration), so
 * the same line works against the Commission's services when they are not set:
 *
 * | variable | what | example use |
 * |---|---|---|
 * | VERIFIELD_VIES_URL | VIES REST API (base URL) | `viesRestClient({ url: process.env.VERIFIELD_VIES_URL })` |
 * | VERIFIELD_VIES_SOAP_URL | VIES SOAP (what `verifield serve --vies-protocol soap` reads from VERIFIELD_VIES_URL) | `viesSoapClient({ url: process.env.VERIFIELD_VIES_SOAP_URL })` |
 * | VERIFIELD_VIES_STATUS_URL | VIES status feed | `viesStatusFeed({ url: process.env.VERIFIELD_VIES_STATUS_URL })` |
 * | VERIFIELD_TEDB_URL | TEDB | `tedbRatesSource({ url: process.env.VERIFIELD_TEDB_URL })` |
 * | VERIFIELD_DNS_SERVERS | DNS, `host:port` | `nodeDnsResolver({ servers: process.env.VERIFIELD_DNS_SERVERS?.split(',') })` |
 * | VERIFIELD_RDAP_BOOTSTRAP_URL | RDAP bootstrap | `rdapDomainAge({ bootstrapUrl: process.env.VERIFIELD_RDAP_BOOTSTRAP_URL })` |
 * | VERIFIELD_HMRC_URL, VERIFIELD_HMRC_CLIENT_ID, VERIFIELD_HMRC_CLIENT_SECRET | HMRC and the fake's credentials | `hmrcVatClient({ url: process.env.VERIFIELD_HMRC_URL, … })` |
 * | VERIFIELD_UID_URL | the Swiss UID register | `swissUidClient({ url: process.env.VERIFIELD_UID_URL })` |
 * | VERIFIELD_BRREG_URL | Brønnøysund's Enhetsregisteret | `brregClient({ url: process.env.VERIFIELD_BRREG_URL })` |
 * | VERIFIELD_URL, VERIFIELD_API_KEY | the service and a FREE key | `createClient({ baseUrl: process.env.VERIFIELD_URL!, apiKey: process.env.VERIFIELD_API_KEY })` |
 *
 * What the fakes know: VIES registers LU24231759 (EXEMPLE SARL) and BE0123456749 (NV VOORBEELD);
 * TEDB has the rates of EL (24 %; 6 and 13 %) and DE (19 %; 7 %), which the service has loaded;
 * DNS answers for gmail.com (MX gmail-smtp-in.l.google.com), example.com (a null MX) and the
 * mail domains of MAIL_DOMAINS (test/support/server.ts); RDAP dates example.com's registration
 * 1995-08-14T04:00:00Z. HMRC registers GB980780684 (EXAMPLE TRADING LTD); the UID register
 * CHE-107.787.577 (Beispiel AG, active for VAT) and CHE-116.281.710 (Beispielverein, no VAT
 * entry); Brønnøysund NO995525828 (EKSEMPEL AS, VAT-registered) and NO974760673 (EKSEMPELETATEN,
 * not VAT-registered).
 */
import { accountWithKey, fakeConfig, startFakes, startTestServer, until } from '../server.js';
import { startBrregFake } from '../fakes/brreg.js';
import { startHmrcFake } from '../fakes/hmrc.js';
import { startUidFake } from '../fakes/swiss-uid.js';
import { tedbRowsFor } from '../fakes/tedb.js';
import { openTestStore } from '../store/test-store.js';

export interface ExampleWorld {
  /** The environment variables above. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startExampleWorld(): Promise<ExampleWorld> {
  const [fakes, hmrc, uid, brreg] = await Promise.all([startFakes(), startHmrcFake(), startUidFake(), startBrregFake()]);
  // The registries beyond VIES: invented traders under numbers with valid check digits.
  hmrc.register('980780684', { name: 'EXAMPLE TRADING LTD', address: { line1: '1 Example Street', postcode: 'EX1 1AA' } });
  uid.register('107787577', { name: 'Beispiel AG', street: 'Beispielweg', houseNumber: '1', swissZipCode: '3000', town: 'Bern', vatStatus: '2' });
  uid.register('116281710', { name: 'Beispielverein', swissZipCode: '8000', town: 'Zürich' });
  brreg.register('995525828', { navn: 'EKSEMPEL AS', registrertIMvaregisteret: true, forretningsadresse: { adresse: ['Eksempelveien 1'], postnummer: '0150', poststed: 'OSLO' } });
  brreg.register('974760673', { navn: 'EKSEMPELETATEN', registrertIMvaregisteret: false });
  // A customer's number and the requester's own, both with valid check digits.
  fakes.vies.register('LU24231759', { valid: true, name: 'EXEMPLE SARL', address: '1 RUE DU NORD L-1111 LUXEMBOURG' });
  fakes.vies.register('BE0123456749', { valid: true, name: 'NV VOORBEELD', address: 'KERKSTRAAT 1 1000 BRUSSEL' });
  // Mail domains as the real DNS and RDAP describe them, so that examples can name real ones.
  fakes.dns.zones.set('gmail.com', { mx: [{ priority: 5, exchange: 'gmail-smtp-in.l.google.com' }] });
  fakes.dns.zones.set('gmail-smtp-in.l.google.com', { a: ['142.250.153.26'] });
  fakes.dns.zones.set('example.com', { mx: [{ priority: 0, exchange: '.' }] });
  fakes.rdap.domains.set('example.com', { registration: '1995-08-14T04:00:00Z' });
  fakes.tedb.rows = [
    ...tedbRowsFor({ memberState: 'EL', situationOn: '2025-07-01+02:00', standard: '24.0', reduced: ['6.0', '13.0'] }),
    ...tedbRowsFor({ memberState: 'DE', situationOn: '2025-07-01+02:00', standard: '19.0', reduced: ['7.0'] }),
  ];
  // With its jobs, so that it fetches the rates from the TEDB fake as it would at a first start.
  const service = await startTestServer(await openTestStore(), { ...fakeConfig(fakes), jobs: true });
  await until(async () => (await fetch(`${service.url}/api/v1/vat/rates/EL`)).status === 200, 30_000);
  const { key } = await accountWithKey(service.store, 'FREE');
  return {
    env: {
      VERIFIELD_VIES_URL: fakes.vies.url,
      VERIFIELD_VIES_SOAP_URL: fakes.vies.soapUrl,
      VERIFIELD_VIES_STATUS_URL: fakes.status.url,
      VERIFIELD_TEDB_URL: fakes.tedb.url,
      VERIFIELD_DNS_SERVERS: fakes.dns.server,
      VERIFIELD_RDAP_BOOTSTRAP_URL: fakes.rdap.bootstrapUrl,
      VERIFIELD_HMRC_URL: hmrc.url,
      VERIFIELD_HMRC_CLIENT_ID: hmrc.clientId,
      VERIFIELD_HMRC_CLIENT_SECRET: hmrc.clientSecret,
      VERIFIELD_UID_URL: uid.url,
      VERIFIELD_BRREG_URL: brreg.url,
      VERIFIELD_URL: service.url,
      VERIFIELD_API_KEY: key,
    },
    async close() {
      await service.close();
      await service.store.close();
      await Promise.all([fakes.close(), hmrc.close(), uid.close(), brreg.close()]);
    },
  };
}
