/**
 * The VIES adapter tests' traders (test/adapters/vies-*.test.ts): invented names and numbers (the
 * adapters do not check structure), one per behaviour of the fake's registry: a name with markup
 * and a line break (LU), a state that withholds names (DE), Spain's own name comparison (ES), a
 * plain published name (FR), and a registered requester (BE); and a call aborted while the fake holds it.
 */
import { until } from '../server.js';
import { startViesFake, type ViesFake } from './vies.js';

export const LU = { countryCode: 'LU', vatNumber: '11112222' };
export const DE = { countryCode: 'DE', vatNumber: '333444555' };
export const ES = { countryCode: 'ES', vatNumber: 'B11122233' };
export const FR = { countryCode: 'FR', vatNumber: '12345678901' };
export const REQUESTER = { countryCode: 'BE', vatNumber: '0999888777' };

/** A VIES fake that holds the traders above. */
export async function startViesFakeWithTraders(): Promise<ViesFake> {
  const fake = await startViesFake();
  fake.register('LU11112222', { valid: true, name: 'AL&FA <TAXI> "KG"', address: 'RUE DU NORD 1\nL-1111  LUXEMBOURG' });
  fake.register('DE333444555', { valid: true, name: 'HIDDEN GMBH', address: 'HIDDEN STR. 1' });
  fake.register('ES' + ES.vatNumber, { valid: true, name: 'PANADERIA SOL SL', matchesName: (sent) => sent.toUpperCase().startsWith('PANADERIA SOL') });
  fake.register('FR12345678901', { valid: true, name: 'BOULANGERIE DUPONT', address: '1 RUE DE PARIS 75001 PARIS' });
  fake.register('BE0999888777', { valid: true, name: 'REQUESTER NV', address: 'STRAAT 1 1000 BRUSSEL' });
  return fake;
}

/**
 * Starts a call the fake holds (it never answers) and aborts it once the fake has it: a request
 * cut before it arrived would arrive later and take the next test's misbehaviour.
 */
export async function abortedWhileHeld<T>(fake: ViesFake, call: (signal: AbortSignal) => Promise<T>): Promise<{ pending: Promise<T> }> {
  fake.behave({ kind: 'hang' }, { times: 1 });
  const arrived = fake.calls + 1;
  const controller = new AbortController();
  const pending = call(controller.signal);
  // Handled by the caller; marked here so that the rejection is never reported as unhandled meanwhile.
  pending.catch(() => undefined);
  await until(() => fake.calls >= arrived, 5000, 'the request reached the fake');
  controller.abort();
  return { pending };
}
