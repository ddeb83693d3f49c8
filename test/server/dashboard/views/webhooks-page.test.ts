/** The webhook page in the visitor's language: French words, numbers and dates, no English left, and the Polish plural of failed attempts. */
import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import type { WebhookAttempt, WebhookDelivery } from '../../../../src/server/storage/types.js';
import { renderWebhooksPage } from '../../../../src/server/dashboard/views/index.js';
import { accountFrame, anAccount, anOverview, aWebhook, expectContainsAll, textOf } from '../../../support/dashboard-views.js';

const overview = anOverview();
const french = accountFrame(anAccount(), 'owner', wordsIn('fr'));

function aDelivery(id: string, status: WebhookDelivery['status'], log: WebhookAttempt[]): WebhookDelivery & { log: WebhookAttempt[] } {
  return { id, accountId: anAccount().id, type: 'job.completed', createdAt: new Date('2026-11-26T10:00:00Z'), data: {}, url: 'https://hooks.example.com/in', status, attempts: log.length, nextAttemptAt: new Date('2026-11-26T11:00:00Z'), log };
}

const attempt = (change: Partial<WebhookAttempt>): WebhookAttempt => ({ eventId: 'evt_1', url: 'https://hooks.example.com/in', at: new Date('2026-11-26T10:00:05Z'), status: 200, error: null, durationMs: 1234, ...change });

const deliveries = [aDelivery('evt_1', 'delivered', [attempt({ status: null }), attempt({})]), aDelivery('evt_2', 'pending', [])];
const paused = aWebhook({ destination: { failures: 1234, pausedSince: new Date('2026-11-26T09:00:00Z'), lastError: null, lastAttemptAt: null, nextProbeAt: new Date('2026-11-26T12:00:00Z') } });

describe('the webhook page in French', () => {
  const page = renderWebhooksPage(french, { overview, endpoint: paused, deliveries, secret: 'whsec_new' });

  it('says where events go, why they wait, the deliveries and the secret in French, with French numbers and dates', () => {
    expectContainsAll(textOf(page), [
      'Webhook de Web shop',
      'Votre nouveau secret de signature',
      'Les destinataires vérifient avec lui l’en-tête Verifield-Signature de chaque événement',
      'Point de terminaison',
      'Les événements partent vers https://hooks.example.com/in (définie le 2 nov. 2026, 10:00 UTC).',
      'en pause depuis le 26 nov. 2026, 09:00 UTC, après 1 234 tentatives échouées d’affilée ; dernière erreur : aucune. Un seul événement est tenté à la fois, prochain essai 26 nov. 2026, 12:00 UTC ;',
      'URL du webhook',
      'Enregistrer l’URL',
      'Renouveler le secret de signature',
      'Derniers envois',
      'Événement Création Livraison Tentatives',
      'evt_1 job.completed vers https://hooks.example.com/in 26 nov. 2026, 10:00 UTC livrée 26 nov. 2026, 10:00 UTC : pas de réponse en 1 234 ms 26 nov. 2026, 10:00 UTC : HTTP 200 en 1 234 ms',
      'evt_2 job.completed vers https://hooks.example.com/in 26 nov. 2026, 10:00 UTC en attente prochain essai 26 nov. 2026, 11:00 UTC aucun pour l’instant',
    ]);
    expect(page).toContain('>Copier le secret</button>');
  });

  it('leaves no English word of the page', () => {
    for (const english of ['Webhook of', 'signing secret', 'Receivers check', 'Endpoint', 'Events go to', 'paused', 'failed attempts', 'last error', 'Save URL', 'Last deliveries', 'no answer', 'next try', 'none yet', 'delivered', 'pending', '1,234']) {
      expect(page, english).not.toContain(english);
    }
  });

  it('says when there is no URL yet, and a failing destination', () => {
    expect(textOf(renderWebhooksPage(french, { overview, endpoint: null, deliveries: [] }))).toContain('Pas encore d’URL de webhook : les événements ne sont envoyés nulle part. ');
    const failing = aWebhook({ destination: { failures: 3, pausedSince: null, lastError: 'HTTP 500', lastAttemptAt: null, nextProbeAt: null } });
    expect(textOf(renderWebhooksPage(french, { overview, endpoint: failing, deliveries: [] }))).toContain('en échec : 3 tentatives échouées d’affilée ; dernière erreur : HTTP 500.');
  });
});

describe('the webhook page in Polish', () => {
  it('counts the failed attempts in the plural form of the count', () => {
    const failing = (failures: number): string =>
      textOf(renderWebhooksPage(accountFrame(anAccount(), 'owner', wordsIn('pl')), { overview, endpoint: aWebhook({ destination: { failures, pausedSince: null, lastError: 'HTTP 500', lastAttemptAt: null, nextProbeAt: null } }), deliveries: [] }));
    expect(failing(1)).toContain('z błędami: 1 nieudana próba z rzędu;');
    expect(failing(2)).toContain('z błędami: 2 nieudane próby z rzędu;');
    expect(failing(5)).toContain('z błędami: 5 nieudanych prób z rzędu;');
  });
});
