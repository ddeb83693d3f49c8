/** The words of an account's watched VAT numbers (../views/watches-page.ts). */
import { phrases } from './phrase.js';

export const WATCHES = phrases({
  title: { en: 'Watched VAT numbers of {account}', es: 'Números de IVA en seguimiento de {account}', fr: 'Numéros de TVA surveillés de {account}', de: 'Überwachte USt-IdNrn. von {account}', it: 'Partite IVA monitorate di {account}', pt: 'Números de IVA monitorizados de {account}', nl: 'Bewaakte btw-nummers van {account}', pl: 'Obserwowane numery VAT konta {account}' },
  notKnownYet: { en: 'not known yet', es: 'aún no se sabe', fr: 'pas encore connu', de: 'noch nicht bekannt', it: 'non ancora noto', pt: 'ainda não se sabe', nl: 'nog niet bekend', pl: 'jeszcze nieznany' },
  registered: { en: 'registered', es: 'registrado', fr: 'enregistré', de: 'registriert', it: 'registrata', pt: 'registado', nl: 'geregistreerd', pl: 'zarejestrowany' },
  notRegistered: { en: 'not registered', es: 'no registrado', fr: 'non enregistré', de: 'nicht registriert', it: 'non registrata', pt: 'não registado', nl: 'niet geregistreerd', pl: 'niezarejestrowany' },
  noWatches: {
    en: 'No watched numbers. Add one with {api}.',
    es: 'No hay números en seguimiento. Añada uno con {api}.',
    fr: 'Aucun numéro surveillé. Ajoutez-en un avec {api}.',
    de: 'Keine überwachten Nummern. Fügen Sie eine mit {api} hinzu.',
    it: 'Nessuna partita IVA monitorata. Aggiungine una con {api}.',
    pt: 'Não há números monitorizados. Adicione um com {api}.',
    nl: 'Geen bewaakte nummers. Voeg er een toe met {api}.',
    pl: 'Brak obserwowanych numerów. Dodaj numer przez {api}.',
  },
  never: { en: 'never', es: 'nunca', fr: 'jamais', de: 'nie', it: 'mai', pt: 'nunca', nl: 'nooit', pl: 'nigdy' },
  lastTry: { en: 'last try {time}', es: 'último intento {time}', fr: 'dernier essai {time}', de: 'letzter Versuch {time}', it: 'ultimo tentativo {time}', pt: 'última tentativa {time}', nl: 'laatste poging {time}', pl: 'ostatnia próba {time}' },
  tableLabel: { en: 'Watched numbers', es: 'Números en seguimiento', fr: 'Numéros surveillés', de: 'Überwachte Nummern', it: 'Numeri monitorati', pt: 'Números monitorizados', nl: 'Bewaakte nummers', pl: 'Obserwowane numery' },
  vatNumber: { en: 'VAT number', es: 'Número de IVA', fr: 'Numéro de TVA', de: 'USt-IdNr.', it: 'Partita IVA', pt: 'Número de IVA', nl: 'Btw-nummer', pl: 'Numer VAT' },
  traderName: { en: 'Trader name', es: 'Nombre del operador', fr: 'Nom de l’opérateur', de: 'Name des Unternehmens', it: 'Nome dell’operatore', pt: 'Nome do operador', nl: 'Naam van de ondernemer', pl: 'Nazwa podmiotu' },
  lastVerdict: { en: 'Last verdict', es: 'Último resultado', fr: 'Dernier résultat', de: 'Letztes Ergebnis', it: 'Ultimo esito', pt: 'Último resultado', nl: 'Laatste uitslag', pl: 'Ostatni wynik' },
  nameAndAddress: { en: 'Name and address', es: 'Nombre y dirección', fr: 'Nom et adresse', de: 'Name und Anschrift', it: 'Nome e indirizzo', pt: 'Nome e morada', nl: 'Naam en adres', pl: 'Nazwa i adres' },
  lastKnownAnswer: { en: 'Last known answer', es: 'Última respuesta conocida', fr: 'Dernière réponse connue', de: 'Letzte bekannte Antwort', it: 'Ultima risposta nota', pt: 'Última resposta conhecida', nl: 'Laatst bekende antwoord', pl: 'Ostatnia znana odpowiedź' },
  nextCheck: { en: 'Next check', es: 'Próxima comprobación', fr: 'Prochaine vérification', de: 'Nächste Prüfung', it: 'Prossimo controllo', pt: 'Próxima verificação', nl: 'Volgende controle', pl: 'Następne sprawdzenie' },
  intro: {
    en: "{watched}, each re-checked in VIES on a schedule (one validation per check). A verdict that changes sends {registrationChanged} or {detailsChanged} to the account's webhook; VIES being down changes nothing.",
    es: '{watched}; cada uno se vuelve a comprobar en VIES de forma periódica (una validación por comprobación). Un resultado que cambia envía {registrationChanged} o {detailsChanged} al webhook de la cuenta; una caída de VIES no cambia nada.',
    fr: '{watched} ; chacun est revérifié dans VIES à intervalles réguliers (une validation par vérification). Un résultat qui change envoie {registrationChanged} ou {detailsChanged} au webhook du compte ; une indisponibilité de VIES ne change rien.',
    de: '{watched}; jede wird regelmäßig erneut in VIES geprüft (eine Prüfung pro Abfrage). Ein geändertes Ergebnis sendet {registrationChanged} oder {detailsChanged} an den Webhook des Kontos; ein Ausfall von VIES ändert nichts.',
    it: '{watched}; ognuno viene ricontrollato in VIES a intervalli regolari (una validazione per controllo). Un esito che cambia invia {registrationChanged} o {detailsChanged} al webhook dell’account; un’interruzione di VIES non cambia nulla.',
    pt: '{watched}; cada um é verificado de novo no VIES periodicamente (uma validação por verificação). Um resultado que muda envia {registrationChanged} ou {detailsChanged} para o webhook da conta; uma falha do VIES não altera nada.',
    nl: '{watched}; elk wordt volgens een schema opnieuw gecontroleerd in VIES (één validatie per controle). Een uitslag die verandert stuurt {registrationChanged} of {detailsChanged} naar de webhook van het account; een storing bij VIES verandert niets.',
    pl: '{watched}; każdy jest okresowo ponownie sprawdzany w VIES (jedna weryfikacja na sprawdzenie). Zmiana wyniku wysyła {registrationChanged} lub {detailsChanged} do webhooka konta; niedostępność VIES niczego nie zmienia.',
  },
});

/** The count of watched numbers. */
export const WATCH_COUNTS = phrases({
  watched: {
    en: { one: '{count} watched number', other: '{count} watched numbers' },
    es: { one: '{count} número en seguimiento', other: '{count} números en seguimiento' },
    fr: { one: '{count} numéro surveillé', other: '{count} numéros surveillés' },
    de: { one: '{count} überwachte Nummer', other: '{count} überwachte Nummern' },
    it: { one: '{count} numero monitorato', other: '{count} numeri monitorati' },
    pt: { one: '{count} número monitorizado', other: '{count} números monitorizados' },
    nl: { one: '{count} bewaakt nummer', other: '{count} bewaakte nummers' },
    pl: { one: '{count} obserwowany numer', few: '{count} obserwowane numery', many: '{count} obserwowanych numerów', other: '{count} obserwowanego numeru' },
  },
});
