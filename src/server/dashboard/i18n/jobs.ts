/**
 * The words of an account's batch jobs: the jobs page (../views/jobs-page.ts), a job's page
 * (../views/job-page.ts), and the refusals, titles and progress JSON of ../routes/jobs.ts.
 */
import type { BatchJobStatus } from '../../storage/types.js';
import { phrases, type Phrase } from './phrase.js';

/** A job's status word, on the pages and in the progress JSON (`statusText`) the page's script shows. */
export const JOB_STATUS: Readonly<Record<BatchJobStatus, Phrase>> = phrases({
  queued: { en: 'queued', es: 'en cola', fr: 'en attente', de: 'in Warteschlange', it: 'in coda', pt: 'em fila de espera', nl: 'in wachtrij', pl: 'w kolejce' },
  running: { en: 'running', es: 'en curso', fr: 'en cours', de: 'läuft', it: 'in corso', pt: 'em curso', nl: 'bezig', pl: 'w toku' },
  done: { en: 'done', es: 'terminado', fr: 'terminé', de: 'fertig', it: 'completato', pt: 'concluído', nl: 'klaar', pl: 'zakończone' },
  cancelled: { en: 'cancelled', es: 'cancelado', fr: 'annulé', de: 'abgebrochen', it: 'annullato', pt: 'cancelado', nl: 'geannuleerd', pl: 'anulowane' },
  failed: { en: 'failed', es: 'fallido', fr: 'échoué', de: 'fehlgeschlagen', it: 'non riuscito', pt: 'falhado', nl: 'mislukt', pl: 'nieudane' },
});

export const JOBS = phrases({
  title: { en: 'Jobs of {account}', es: 'Lotes de {account}', fr: 'Lots de {account}', de: 'Stapelaufträge von {account}', it: 'Lotti di {account}', pt: 'Lotes de {account}', nl: 'Batches van {account}', pl: 'Zadania wsadowe konta {account}' },
  jobTitle: { en: 'Job {id}', es: 'Lote {id}', fr: 'Lot {id}', de: 'Stapelauftrag {id}', it: 'Lotto {id}', pt: 'Lote {id}', nl: 'Batch {id}', pl: 'Zadanie wsadowe {id}' },
  cancel: { en: 'Cancel', es: 'Cancelar', fr: 'Annuler', de: 'Abbrechen', it: 'Annulla', pt: 'Cancelar', nl: 'Annuleren', pl: 'Anuluj' },
  jobNamed: { en: 'job {id}', es: 'el lote {id}', fr: 'le lot {id}', de: 'Stapelauftrag {id}', it: 'il lotto {id}', pt: 'o lote {id}', nl: 'batch {id}', pl: 'zadanie wsadowe {id}' },
  noJobs: {
    en: 'No jobs yet. Upload a file below, or submit one with {api} or {cli}.',
    es: 'Todavía no hay lotes. Suba un archivo más abajo o envíe uno con {api} o {cli}.',
    fr: 'Aucun lot pour l’instant. Téléversez un fichier ci-dessous, ou soumettez-en un avec {api} ou {cli}.',
    de: 'Noch keine Stapelaufträge. Laden Sie unten eine Datei hoch oder reichen Sie einen mit {api} oder {cli} ein.',
    it: 'Ancora nessun lotto. Carica un file qui sotto, o inviane uno con {api} o {cli}.',
    pt: 'Ainda não há lotes. Carregue um ficheiro abaixo ou submeta um com {api} ou {cli}.',
    nl: 'Nog geen batches. Upload hieronder een bestand, of dien er een in met {api} of {cli}.',
    pl: 'Nie ma jeszcze zadań wsadowych. Prześlij plik poniżej albo zleć zadanie przez {api} lub {cli}.',
  },
  job: { en: 'Job', es: 'Lote', fr: 'Lot', de: 'Stapelauftrag', it: 'Lotto', pt: 'Lote', nl: 'Batch', pl: 'Zadanie' },
  field: { en: 'Field', es: 'Campo', fr: 'Champ', de: 'Feld', it: 'Campo', pt: 'Campo', nl: 'Veld', pl: 'Pole' },
  status: { en: 'Status', es: 'Estado', fr: 'État', de: 'Status', it: 'Stato', pt: 'Estado', nl: 'Status', pl: 'Stan' },
  doneOfTotal: { en: 'Done / total', es: 'Hechos / total', fr: 'Traités / total', de: 'Erledigt / gesamt', it: 'Completati / totale', pt: 'Feitos / total', nl: 'Klaar / totaal', pl: 'Gotowe / razem' },
  valid: { en: 'Valid', es: 'Válidos', fr: 'Valides', de: 'Gültig', it: 'Validi', pt: 'Válidos', nl: 'Geldig', pl: 'Prawidłowe' },
  invalid: { en: 'Invalid', es: 'No válidos', fr: 'Non valides', de: 'Ungültig', it: 'Non validi', pt: 'Inválidos', nl: 'Ongeldig', pl: 'Nieprawidłowe' },
  submitted: { en: 'Submitted', es: 'Enviado', fr: 'Soumis', de: 'Eingereicht', it: 'Inviato', pt: 'Submetido', nl: 'Ingediend', pl: 'Zlecono' },
  finished: { en: 'Finished', es: 'Terminado', fr: 'Terminé', de: 'Beendet', it: 'Terminato', pt: 'Concluído', nl: 'Voltooid', pl: 'Zakończono' },
  action: { en: 'Action', es: 'Acción', fr: 'Action', de: 'Aktion', it: 'Azione', pt: 'Ação', nl: 'Actie', pl: 'Działanie' },
  asEachLineSays: { en: 'As each line says (mixed)', es: 'Según indique cada línea (mixto)', fr: 'Selon chaque ligne (mixte)', de: 'Wie jede Zeile angibt (gemischt)', it: 'Come indica ogni riga (misto)', pt: 'Conforme indica cada linha (misto)', nl: 'Zoals elke regel aangeeft (gemengd)', pl: 'Według każdego wiersza (różne)' },
  noLiveKey: {
    en: "A job runs under one of the account's keys, and it has none that is live: create one on the Keys page first.",
    es: 'Un lote se ejecuta con una de las claves de la cuenta, y no tiene ninguna activa: cree primero una en la página Claves.',
    fr: 'Un lot s’exécute avec l’une des clés du compte, et il n’en a aucune active : créez-en d’abord une sur la page Clés.',
    de: 'Ein Stapelauftrag läuft unter einem der Schlüssel des Kontos, und es hat keinen aktiven: Erstellen Sie zuerst einen auf der Seite „Schlüssel“.',
    it: 'Un lotto viene eseguito con una delle chiavi dell’account, e non ce n’è nessuna attiva: creane prima una nella pagina Chiavi.',
    pt: 'Um lote é executado com uma das chaves da conta, e esta não tem nenhuma ativa: crie primeiro uma na página Chaves.',
    nl: 'Een batch draait onder een van de sleutels van het account, en er is geen actieve: maak eerst een sleutel aan op de pagina Sleutels.',
    pl: 'Zadanie wsadowe działa na jednym z kluczy konta, a konto nie ma żadnego aktywnego: najpierw utwórz klucz na stronie Klucze.',
  },
  runUnderKey: { en: 'Run under the key', es: 'Ejecutar con la clave', fr: 'Exécuter avec la clé', de: 'Ausführen mit dem Schlüssel', it: 'Esegui con la chiave', pt: 'Executar com a chave', nl: 'Uitvoeren met de sleutel', pl: 'Uruchom z kluczem' },
  validateAs: { en: 'Validate the values as', es: 'Validar los valores como', fr: 'Valider les valeurs comme', de: 'Werte prüfen als', it: 'Valida i valori come', pt: 'Validar os valores como', nl: 'De waarden valideren als', pl: 'Weryfikuj wartości jako' },
  file: { en: 'File', es: 'Archivo', fr: 'Fichier', de: 'Datei', it: 'File', pt: 'Ficheiro', nl: 'Bestand', pl: 'Plik' },
  fileHint: {
    en: 'CSV or NDJSON ({extension}): up to {values} values, 16 MiB.',
    es: 'CSV o NDJSON ({extension}): hasta {values} valores, 16 MiB.',
    fr: 'CSV ou NDJSON ({extension}) : jusqu’à {values} valeurs, 16 Mio.',
    de: 'CSV oder NDJSON ({extension}): bis zu {values} Werte, 16 MiB.',
    it: 'CSV o NDJSON ({extension}): fino a {values} valori, 16 MiB.',
    pt: 'CSV ou NDJSON ({extension}): até {values} valores, 16 MiB.',
    nl: 'CSV of NDJSON ({extension}): tot {values} waarden, 16 MiB.',
    pl: 'CSV lub NDJSON ({extension}): do {values} wartości, 16 MiB.',
  },
  uploadAndRun: { en: 'Upload and run', es: 'Subir y ejecutar', fr: 'Téléverser et exécuter', de: 'Hochladen und ausführen', it: 'Carica ed esegui', pt: 'Carregar e executar', nl: 'Uploaden en uitvoeren', pl: 'Prześlij i uruchom' },
  uploadHeading: { en: 'Upload a file', es: 'Subir un archivo', fr: 'Téléverser un fichier', de: 'Datei hochladen', it: 'Carica un file', pt: 'Carregar um ficheiro', nl: 'Een bestand uploaden', pl: 'Prześlij plik' },
  progress: { en: 'Progress', es: 'Progreso', fr: 'Progression', de: 'Fortschritt', it: 'Avanzamento', pt: 'Progresso', nl: 'Voortgang', pl: 'Postęp' },
  valuesAnswered: { en: 'Values answered', es: 'Valores respondidos', fr: 'Valeurs traitées', de: 'Beantwortete Werte', it: 'Valori elaborati', pt: 'Valores respondidos', nl: 'Beantwoorde waarden', pl: 'Przetworzone wartości' },
  progressLine: {
    en: '{done} of {total} values answered: {valid} valid, {invalid} invalid.',
    es: 'Valores respondidos: {done} de {total}; válidos: {valid}, no válidos: {invalid}.',
    fr: 'Valeurs traitées : {done} sur {total} ; valides : {valid}, non valides : {invalid}.',
    de: 'Beantwortete Werte: {done} von {total}; gültig: {valid}, ungültig: {invalid}.',
    it: 'Valori elaborati: {done} su {total}; validi: {valid}, non validi: {invalid}.',
    pt: 'Valores respondidos: {done} de {total}; válidos: {valid}, inválidos: {invalid}.',
    nl: 'Beantwoorde waarden: {done} van {total}; geldig: {valid}, ongeldig: {invalid}.',
    pl: 'Przetworzone wartości: {done} z {total}; prawidłowe: {valid}, nieprawidłowe: {invalid}.',
  },
  reload: { en: 'Reload to see the progress.', es: 'Recargue para ver el progreso.', fr: 'Rechargez la page pour voir la progression.', de: 'Laden Sie neu, um den Fortschritt zu sehen.', it: 'Ricarica per vedere l’avanzamento.', pt: 'Recarregue para ver o progresso.', nl: 'Laad opnieuw om de voortgang te zien.', pl: 'Odśwież, aby zobaczyć postęp.' },
  results: { en: 'Results', es: 'Resultados', fr: 'Résultats', de: 'Ergebnisse', it: 'Risultati', pt: 'Resultados', nl: 'Resultaten', pl: 'Wyniki' },
  downloadCsv: { en: 'Download CSV', es: 'Descargar CSV', fr: 'Télécharger en CSV', de: 'CSV herunterladen', it: 'Scarica CSV', pt: 'Transferir CSV', nl: 'CSV downloaden', pl: 'Pobierz CSV' },
  downloadNdjson: { en: 'Download NDJSON', es: 'Descargar NDJSON', fr: 'Télécharger en NDJSON', de: 'NDJSON herunterladen', it: 'Scarica NDJSON', pt: 'Transferir NDJSON', nl: 'NDJSON downloaden', pl: 'Pobierz NDJSON' },
  cancelThisJob: { en: 'Cancel this job', es: 'Cancelar este lote', fr: 'Annuler ce lot', de: 'Diesen Stapelauftrag abbrechen', it: 'Annulla questo lotto', pt: 'Cancelar este lote', nl: 'Deze batch annuleren', pl: 'Anuluj to zadanie wsadowe' },
  uploadNotAccepted: { en: 'Upload not accepted', es: 'Archivo no aceptado', fr: 'Envoi refusé', de: 'Hochladen nicht angenommen', it: 'Caricamento non accettato', pt: 'Carregamento não aceite', nl: 'Upload niet geaccepteerd', pl: 'Przesyłanie nie zostało przyjęte' },
  chooseKey: { en: 'Choose one of the account’s keys.', es: 'Elija una de las claves de la cuenta.', fr: 'Choisissez l’une des clés du compte.', de: 'Wählen Sie einen der Schlüssel des Kontos.', it: 'Scegli una delle chiavi dell’account.', pt: 'Escolha uma das chaves da conta.', nl: 'Kies een van de sleutels van het account.', pl: 'Wybierz jeden z kluczy konta.' },
  keyCannotRun: {
    en: 'The key “{name}” cannot run this job: {reason}',
    es: 'La clave «{name}» no puede ejecutar este lote: {reason}',
    fr: 'La clé « {name} » ne peut pas exécuter ce lot : {reason}',
    de: 'Der Schlüssel „{name}“ kann diesen Stapelauftrag nicht ausführen: {reason}',
    it: 'La chiave «{name}» non può eseguire questo lotto: {reason}',
    pt: 'A chave «{name}» não pode executar este lote: {reason}',
    nl: 'De sleutel ‘{name}’ kan deze batch niet uitvoeren: {reason}',
    pl: 'Klucz „{name}” nie może uruchomić tego zadania wsadowego: {reason}',
  },
  alreadyEndedTitle: { en: 'Job already ended', es: 'El lote ya había terminado', fr: 'Lot déjà terminé', de: 'Stapelauftrag bereits beendet', it: 'Lotto già terminato', pt: 'O lote já tinha terminado', nl: 'Batch al beëindigd', pl: 'Zadanie wsadowe już się zakończyło' },
  alreadyEnded: {
    en: 'Job {id} had ended ({status}) before the cancellation came: nothing was changed.',
    es: 'El lote {id} había terminado ({status}) antes de que llegara la cancelación: no se ha cambiado nada.',
    fr: 'Le lot {id} était déjà terminé ({status}) quand l’annulation est arrivée : rien n’a été modifié.',
    de: 'Stapelauftrag {id} war beendet ({status}), bevor der Abbruch kam: Es wurde nichts geändert.',
    it: 'Il lotto {id} era terminato ({status}) prima che arrivasse l’annullamento: non è stato cambiato nulla.',
    pt: 'O lote {id} tinha terminado ({status}) antes de chegar o cancelamento: nada foi alterado.',
    nl: 'Batch {id} was al beëindigd ({status}) voordat de annulering kwam: er is niets gewijzigd.',
    pl: 'Zadanie wsadowe {id} zakończyło się ({status}), zanim nadeszło anulowanie: nic nie zostało zmienione.',
  },
});

/**
 * Why a key cannot run an uploaded job, by the refusal's error code (../../pipeline/admission.ts);
 * English is the API's own message (../../answers/errors.ts).
 */
export const KEY_REFUSALS = phrases({
  invalid: {
    en: 'This API key is not valid: it may be mistyped, revoked or expired',
    es: 'Esta clave de API no es válida: puede estar mal escrita, revocada o caducada',
    fr: 'Cette clé d’API n’est pas valide : elle est peut-être mal saisie, révoquée ou expirée',
    de: 'Dieser API-Schlüssel ist ungültig: Er ist vielleicht falsch eingegeben, widerrufen oder abgelaufen',
    it: 'Questa chiave API non è valida: potrebbe essere digitata male, revocata o scaduta',
    pt: 'Esta chave de API não é válida: pode estar mal escrita, revogada ou expirada',
    nl: 'Deze API-sleutel is ongeldig: hij is misschien verkeerd getypt, ingetrokken of verlopen',
    pl: 'Ten klucz API jest nieprawidłowy: mógł zostać źle wpisany, unieważniony lub wygasnąć',
  },
  suspended: {
    en: 'This account is suspended: its API keys answer no validation until the operator resumes it',
    es: 'Esta cuenta está suspendida: sus claves de API no responden ninguna validación hasta que el operador la reactive',
    fr: 'Ce compte est suspendu : ses clés d’API ne répondent à aucune validation tant que l’opérateur ne l’a pas réactivé',
    de: 'Dieses Konto ist gesperrt: Seine API-Schlüssel beantworten keine Prüfung, bis der Betreiber es wieder freigibt',
    it: 'Questo account è sospeso: le sue chiavi API non rispondono ad alcuna validazione finché l’operatore non lo riattiva',
    pt: 'Esta conta está suspensa: as suas chaves de API não respondem a nenhuma validação até o operador a reativar',
    nl: 'Dit account is opgeschort: de API-sleutels beantwoorden geen enkele validatie tot de beheerder het weer activeert',
    pl: 'To konto jest zawieszone: jego klucze API nie odpowiadają na żadną weryfikację, dopóki operator go nie wznowi',
  },
  forbidden: {
    en: 'This API key is not allowed to use /validate/{field}: it was created without the "{field}" scope',
    es: 'Esta clave de API no puede usar /validate/{field}: se creó sin el alcance "{field}"',
    fr: 'Cette clé d’API n’a pas le droit d’utiliser /validate/{field} : elle a été créée sans la portée "{field}"',
    de: 'Dieser API-Schlüssel darf /validate/{field} nicht verwenden: Er wurde ohne die Berechtigung "{field}" erstellt',
    it: 'Questa chiave API non può usare /validate/{field}: è stata creata senza l’ambito "{field}"',
    pt: 'Esta chave de API não pode usar /validate/{field}: foi criada sem o âmbito "{field}"',
    nl: 'Deze API-sleutel mag /validate/{field} niet gebruiken: hij is aangemaakt zonder het bereik "{field}"',
    pl: 'Ten klucz API nie może używać /validate/{field}: utworzono go bez zakresu "{field}"',
  },
});

/** The count of jobs the page lists. */
export const JOB_COUNTS = phrases({
  newest: {
    en: { other: 'The newest {count} jobs. Each value of a job counts one validation when it is answered; a cancelled job keeps the answers it has.' },
    es: { one: 'Se muestra {count} lote, el más reciente. Cada valor de un lote cuenta como una validación cuando se responde; un lote cancelado conserva las respuestas que tiene.', other: 'Se muestran los {count} lotes más recientes. Cada valor de un lote cuenta como una validación cuando se responde; un lote cancelado conserva las respuestas que tiene.' },
    fr: { one: 'Affichage de {count} lot, le plus récent. Chaque valeur d’un lot compte pour une validation quand elle est traitée ; un lot annulé garde les réponses déjà obtenues.', other: 'Les {count} lots les plus récents. Chaque valeur d’un lot compte pour une validation quand elle est traitée ; un lot annulé garde les réponses déjà obtenues.' },
    de: { one: 'Angezeigt: {count} Stapelauftrag, der neueste. Jeder Wert eines Stapelauftrags zählt als eine Prüfung, sobald er beantwortet ist; ein abgebrochener Stapelauftrag behält seine bisherigen Antworten.', other: 'Die neuesten {count} Stapelaufträge. Jeder Wert eines Stapelauftrags zählt als eine Prüfung, sobald er beantwortet ist; ein abgebrochener Stapelauftrag behält seine bisherigen Antworten.' },
    it: { one: 'Viene mostrato {count} lotto, il più recente. Ogni valore di un lotto conta come una validazione quando riceve risposta; un lotto annullato conserva le risposte che ha.', other: 'I {count} lotti più recenti. Ogni valore di un lotto conta come una validazione quando riceve risposta; un lotto annullato conserva le risposte che ha.' },
    pt: { one: 'É mostrado {count} lote, o mais recente. Cada valor de um lote conta como uma validação quando é respondido; um lote cancelado mantém as respostas que tem.', other: 'Os {count} lotes mais recentes. Cada valor de um lote conta como uma validação quando é respondido; um lote cancelado mantém as respostas que tem.' },
    nl: { one: 'Getoond: {count} batch, de nieuwste. Elke waarde van een batch telt als één validatie zodra die beantwoord is; een geannuleerde batch houdt de antwoorden die hij heeft.', other: 'De nieuwste {count} batches. Elke waarde van een batch telt als één validatie zodra die beantwoord is; een geannuleerde batch houdt de antwoorden die hij heeft.' },
    pl: {
      one: 'Pokazano {count} zadanie wsadowe, najnowsze. Każda wartość zadania liczy się jako jedna weryfikacja, gdy otrzyma odpowiedź; anulowane zadanie zachowuje uzyskane odpowiedzi.',
      few: 'Najnowsze {count} zadania wsadowe. Każda wartość zadania liczy się jako jedna weryfikacja, gdy otrzyma odpowiedź; anulowane zadanie zachowuje uzyskane odpowiedzi.',
      many: 'Najnowszych {count} zadań wsadowych. Każda wartość zadania liczy się jako jedna weryfikacja, gdy otrzyma odpowiedź; anulowane zadanie zachowuje uzyskane odpowiedzi.',
      other: 'Najnowsze zadania wsadowe ({count}). Każda wartość zadania liczy się jako jedna weryfikacja, gdy otrzyma odpowiedź; anulowane zadanie zachowuje uzyskane odpowiedzi.',
    },
  },
});
