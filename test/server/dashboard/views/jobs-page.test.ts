/** The jobs page and a job's page in the visitor's language: French words, numbers and dates, and the Polish plural of the count of jobs. */
import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../../../src/server/dashboard/i18n/words.js';
import { renderJobPage, renderJobsPage } from '../../../../src/server/dashboard/views/index.js';
import { accountFrame, aJob, aKey, anAccount, anOverview, expectContainsAll, textOf } from '../../../support/dashboard-views.js';

const overview = anOverview();
const french = accountFrame(anAccount(), 'owner', wordsIn('fr'));

describe('the jobs page in French', () => {
  const jobs = [aJob({ done: 12345, total: 100000, valid: 12000, invalid: 345 }), aJob({ id: 'job_2', field: 'mixed', status: 'failed', error: 'store lost', finishedAt: new Date('2026-11-26T13:30:00Z') })];
  const page = renderJobsPage(french, { overview, jobs, keys: [aKey()] });

  it('names the columns, statuses, fields and the upload form in French, with French numbers and dates', () => {
    expectContainsAll(textOf(page), [
      'Lots de Web shop',
      'Les 2 lots les plus récents.',
      'Lot Champ État Traités / total Valides Non valides Soumis Terminé',
      'job_1 TVA en cours 12 345 / 100 000 12 000 345 26 nov. 2026, 13:00 UTC — Annuler le lot job_1',
      'job_2 Champs mixtes échoué store lost',
      'Téléverser un fichier',
      'Exécuter avec la clé',
      'Selon chaque ligne (mixte)',
      'jusqu’à 100 000 valeurs',
      'Téléverser et exécuter',
    ]);
    expect(page).toContain('aria-label="Lots"');
  });

  it('leaves no English word of the page', () => {
    for (const english of ['Jobs of', 'The newest', 'running', 'Mixed fields', 'Done / total', 'Submitted', 'Upload a file', 'Run under the key', 'As each line says', 'Upload and run', 'values, 16 MiB', '12,345']) {
      expect(page, english).not.toContain(english);
    }
  });

  it('says a job runs under a key when there is none live, and that there are no jobs yet', () => {
    expectContainsAll(textOf(renderJobsPage(french, { overview, jobs: [], keys: [] })), ['Aucun lot pour l’instant. Téléversez un fichier ci-dessous, ou soumettez-en un avec POST /api/v1/jobs ou verifield jobs submit.', 'créez-en d’abord une sur la page Clés.']);
  });

  it('counts the jobs in the Polish plural form', () => {
    const polish = accountFrame(anAccount(), 'owner', wordsIn('pl'));
    const newest = (count: number): string => textOf(renderJobsPage(polish, { overview, jobs: Array.from({ length: count }, (_, index) => aJob({ id: `job_${index}` })), keys: [] }));
    expect(newest(1)).toContain('Pokazano 1 zadanie wsadowe, najnowsze.');
    expect(newest(2)).toContain('Najnowsze 2 zadania wsadowe.');
    expect(newest(5)).toContain('Najnowszych 5 zadań wsadowych.');
  });
});

describe("a job's page in French", () => {
  const page = renderJobPage(french, { overview, job: aJob({ done: 1500, total: 2000, valid: 1200, invalid: 300 }) });

  it('shows the facts, the progress with French numbers, the downloads and the cancel link in French', () => {
    expectContainsAll(textOf(page), [
      'Lot job_1',
      'Champ TVA Soumis 26 nov. 2026, 13:00 UTC Terminé —',
      'Progression en cours',
      'Valeurs traitées : 1 500 sur 2 000 ; valides : 1 200, non valides : 300.',
      'Rechargez la page pour voir la progression.',
      'Résultats Télécharger en CSV · Télécharger en NDJSON',
      'Annuler ce lot',
    ]);
    // The page's script updates the counts in place: their elements stay.
    expect(page).toMatch(/<span data-job-done>1\s500<\/span>/u);
    expect(page).toContain('<span class="status" data-job-status>en cours</span>');
    expect(page).toContain('aria-label="Valeurs traitées"');
  });

  it('leaves no English word of the page', () => {
    // Ids and data attributes are not read: the text is.
    expect(textOf(page)).not.toMatch(/\bProgress\b/);
    for (const english of ['Job job_1', 'values answered', 'Reload to see', 'Results', 'Download CSV', 'Cancel this job', 'Submitted', 'running', '1,500']) {
      expect(textOf(page), english).not.toContain(english);
    }
  });
});
