/**
 * The transport failures every registry adapter beyond VIES must report as outages (a registry
 * that hangs, cuts the connection, or is given up on by the caller), checked the same way for each
 * against its loopback fake (test/support/fakes/).
 */
import { expect } from 'vitest';
import { VatRegistryError, type VatRegistry, type VatRegistryQuery } from '../../src/ports.js';
import type { LoopbackMisbehaviour } from './fakes/loopback.js';
import { rejectionOf } from './rejection.js';

/** `client(timeoutMs)` makes an adapter aimed at `fake`; `query` is a number the fake holds. */
export async function expectTransportOutages(
  fake: { behave(behaviour: LoopbackMisbehaviour, times?: number): void },
  client: (timeoutMs: number) => VatRegistry,
  query: VatRegistryQuery,
): Promise<void> {
  const failure = (promise: Promise<unknown>): Promise<VatRegistryError> => rejectionOf(promise, VatRegistryError);
  // Each misbehaviour holds until the next replaces it: a request given up on may still reach a
  // loaded fake late, and must not take the misbehaviour meant for the next one.
  fake.behave({ kind: 'reset' });
  expect(await failure(client(10_000).check(query))).toMatchObject({ kind: 'network', scope: 'outage', retryable: true });
  fake.behave({ kind: 'hang' });
  expect(await failure(client(300).check(query))).toMatchObject({ kind: 'timeout', scope: 'outage', retryable: true });
  fake.behave({ kind: 'slow', ms: 2000 });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  expect(await failure(client(10_000).check(query, controller.signal))).toMatchObject({ kind: 'aborted', scope: 'outage' });
}
