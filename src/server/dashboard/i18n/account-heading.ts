/** The words of the top of every account page (../views/account-heading.ts): the operator's way back and tabs, and the suspension banner. */
import { phrases } from './phrase.js';

export const ACCOUNT_HEADING = phrases({
  thisAccount: { en: 'This account', es: 'Esta cuenta', fr: 'Ce compte', de: 'Dieses Konto', it: 'Questo account', pt: 'Esta conta', nl: 'Dit account', pl: 'To konto' },
  suspended: { en: 'Suspended', es: 'Suspendida', fr: 'Suspendu', de: 'Gesperrt', it: 'Sospeso', pt: 'Suspensa', nl: 'Opgeschort', pl: 'Zawieszone' },
  suspendedSince: {
    en: "since {time}: the account's keys are refused (401 {code}) until the operator resumes it.",
    es: 'desde el {time}: las claves de la cuenta se rechazan (401 {code}) hasta que el operador la reactive.',
    fr: 'depuis le {time} : les clés du compte sont refusées (401 {code}) jusqu’à ce que l’opérateur le réactive.',
    de: 'seit {time}: Die Schlüssel des Kontos werden abgewiesen (401 {code}), bis der Betreiber es wieder freigibt.',
    it: 'dal {time}: le chiavi dell’account vengono rifiutate (401 {code}) finché l’operatore non lo riattiva.',
    pt: 'desde {time}: as chaves da conta são recusadas (401 {code}) até o operador a reativar.',
    nl: 'sinds {time}: de sleutels van het account worden geweigerd (401 {code}) tot de beheerder het weer activeert.',
    pl: 'od {time}: klucze konta są odrzucane (401 {code}), dopóki operator go nie przywróci.',
  },
});
