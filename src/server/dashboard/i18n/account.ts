/** The words of the overview's route (../routes/account.ts) and the operator's forms on it (../routes/operator.ts): what changed after a form, and what is refused. */
import { phrases } from './phrase.js';

export const ACCOUNT_ROUTE = phrases({
  notAChartPeriod: { en: 'Not a chart period', es: 'Periodo de gráfico no válido', fr: 'Période de graphique non valide', de: 'Kein gültiger Diagrammzeitraum', it: 'Periodo del grafico non valido', pt: 'Período de gráfico inválido', nl: 'Geen geldige grafiekperiode', pl: 'Nieprawidłowy okres wykresu' },
  chartDays: {
    en: 'The chart shows the last 30 or 90 days: use ?days=30 or ?days=90.',
    es: 'El gráfico muestra los últimos 30 o 90 días: use ?days=30 o ?days=90.',
    fr: 'Le graphique montre les 30 ou 90 derniers jours : utilisez ?days=30 ou ?days=90.',
    de: 'Das Diagramm zeigt die letzten 30 oder 90 Tage: Verwenden Sie ?days=30 oder ?days=90.',
    it: 'Il grafico mostra gli ultimi 30 o 90 giorni: usa ?days=30 o ?days=90.',
    pt: 'O gráfico mostra os últimos 30 ou 90 dias: use ?days=30 ou ?days=90.',
    nl: 'De grafiek toont de laatste 30 of 90 dagen: gebruik ?days=30 of ?days=90.',
    pl: 'Wykres pokazuje ostatnie 30 lub 90 dni: użyj ?days=30 lub ?days=90.',
  },
  planNow: { en: 'The plan is now {plan}.', es: 'El plan es ahora {plan}.', fr: 'La formule est désormais {plan}.', de: 'Der Tarif ist jetzt {plan}.', it: 'Il piano ora è {plan}.', pt: 'O plano é agora {plan}.', nl: 'Het abonnement is nu {plan}.', pl: 'Plan to teraz {plan}.' },
  active: { en: 'The account is active: its keys answer again.', es: 'La cuenta está activa: sus claves vuelven a responder.', fr: 'Le compte est actif : ses clés répondent de nouveau.', de: 'Das Konto ist aktiv: Seine Schlüssel werden wieder beantwortet.', it: 'L’account è attivo: le sue chiavi rispondono di nuovo.', pt: 'A conta está ativa: as suas chaves voltam a responder.', nl: 'Het account is actief: de sleutels krijgen weer antwoord.', pl: 'Konto jest aktywne: jego klucze znów działają.' },
  suspended: {
    en: 'The account is suspended: its keys answer 401 ACCOUNT_SUSPENDED until it is resumed.',
    es: 'La cuenta está suspendida: sus claves reciben 401 ACCOUNT_SUSPENDED hasta que se reactive.',
    fr: 'Le compte est suspendu : ses clés reçoivent 401 ACCOUNT_SUSPENDED jusqu’à sa réactivation.',
    de: 'Das Konto ist gesperrt: Seine Schlüssel erhalten 401 ACCOUNT_SUSPENDED, bis es wieder freigegeben wird.',
    it: 'L’account è sospeso: le sue chiavi ricevono 401 ACCOUNT_SUSPENDED finché non viene riattivato.',
    pt: 'A conta está suspensa: as suas chaves recebem 401 ACCOUNT_SUSPENDED até ser reativada.',
    nl: 'Het account is opgeschort: de sleutels krijgen 401 ACCOUNT_SUSPENDED tot het weer wordt geactiveerd.',
    pl: 'Konto jest zawieszone: jego klucze dostają 401 ACCOUNT_SUSPENDED, dopóki nie zostanie przywrócone.',
  },
  noVatNumber: { en: 'The account has no VAT number now.', es: 'La cuenta ya no tiene NIF-IVA.', fr: 'Le compte n’a plus de numéro de TVA.', de: 'Das Konto hat jetzt keine USt-IdNr.', it: 'L’account ora non ha partita IVA.', pt: 'A conta já não tem número de IVA.', nl: 'Het account heeft nu geen btw-nummer.', pl: 'Konto nie ma teraz numeru VAT.' },
  vatNumberNow: { en: "The account's VAT number is now {number}.", es: 'El NIF-IVA de la cuenta es ahora {number}.', fr: 'Le numéro de TVA du compte est désormais {number}.', de: 'Die USt-IdNr. des Kontos ist jetzt {number}.', it: 'La partita IVA dell’account ora è {number}.', pt: 'O número de IVA da conta é agora {number}.', nl: 'Het btw-nummer van het account is nu {number}.', pl: 'Numer VAT konta to teraz {number}.' },
  suspendedValue: {
    en: 'suspended must be true (suspend) or false (resume)',
    es: 'suspended debe ser true (suspender) o false (reactivar)',
    fr: 'suspended doit valoir true (suspendre) ou false (réactiver)',
    de: 'suspended muss true (sperren) oder false (freigeben) sein',
    it: 'suspended deve essere true (sospendere) o false (riattivare)',
    pt: 'suspended tem de ser true (suspender) ou false (reativar)',
    nl: 'suspended moet true (opschorten) of false (weer activeren) zijn',
    pl: 'suspended musi mieć wartość true (zawieś) lub false (przywróć)',
  },
});
