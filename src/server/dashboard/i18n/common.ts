/** Words every page shares: the frame around the pages, the form messages, and the failure pages. */
import { phrases, type Phrase } from './phrase.js';

/** An age under a minute (../i18n/words.ts). */
export const LESS_THAN_A_MINUTE_AGO: Phrase = {
  en: 'less than a minute ago',
  es: 'hace menos de un minuto',
  fr: 'il y a moins d’une minute',
  de: 'vor weniger als einer Minute',
  it: 'meno di un minuto fa',
  pt: 'há menos de um minuto',
  nl: 'minder dan een minuut geleden',
  pl: 'mniej niż minutę temu',
};

/** The frame of every page (../views/layout.ts). */
export const FRAME = phrases({
  skipLink: { en: 'Skip to main content', es: 'Ir al contenido principal', fr: 'Aller au contenu principal', de: 'Zum Hauptinhalt springen', it: 'Vai al contenuto principale', pt: 'Ir para o conteúdo principal', nl: 'Naar de hoofdinhoud', pl: 'Przejdź do treści głównej' },
  dashboard: { en: 'dashboard', es: 'panel', fr: 'tableau de bord', de: 'Dashboard', it: 'pannello', pt: 'painel', nl: 'dashboard', pl: 'panel' },
  dashboardLink: { en: 'Dashboard', es: 'Panel', fr: 'Tableau de bord', de: 'Dashboard', it: 'Pannello', pt: 'Painel', nl: 'Dashboard', pl: 'Panel' },
  viesStatus: { en: 'VIES status', es: 'Estado de VIES', fr: 'État de VIES', de: 'VIES-Status', it: 'Stato di VIES', pt: 'Estado do VIES', nl: 'VIES-status', pl: 'Stan VIES' },
  navigation: { en: 'Dashboard', es: 'Panel', fr: 'Tableau de bord', de: 'Dashboard', it: 'Pannello', pt: 'Painel', nl: 'Dashboard', pl: 'Panel' },
  accounts: { en: 'Accounts', es: 'Cuentas', fr: 'Comptes', de: 'Konten', it: 'Account', pt: 'Contas', nl: 'Accounts', pl: 'Konta' },
  overview: { en: 'Overview', es: 'Resumen', fr: 'Vue d’ensemble', de: 'Übersicht', it: 'Panoramica', pt: 'Visão geral', nl: 'Overzicht', pl: 'Przegląd' },
  keys: { en: 'Keys', es: 'Claves', fr: 'Clés', de: 'Schlüssel', it: 'Chiavi', pt: 'Chaves', nl: 'Sleutels', pl: 'Klucze' },
  usageLog: { en: 'Usage log', es: 'Registro de uso', fr: 'Journal d’utilisation', de: 'Nutzungsprotokoll', it: 'Registro di utilizzo', pt: 'Registo de utilização', nl: 'Gebruikslogboek', pl: 'Dziennik użycia' },
  jobs: { en: 'Jobs', es: 'Lotes', fr: 'Lots', de: 'Stapelaufträge', it: 'Lotti', pt: 'Lotes', nl: 'Batches', pl: 'Zadania wsadowe' },
  watches: { en: 'Watches', es: 'Seguimientos', fr: 'Surveillances', de: 'Überwachungen', it: 'Monitoraggi', pt: 'Monitorizações', nl: 'Bewakingen', pl: 'Obserwowane' },
  webhooks: { en: 'Webhooks', es: 'Webhooks', fr: 'Webhooks', de: 'Webhooks', it: 'Webhook', pt: 'Webhooks', nl: 'Webhooks', pl: 'Webhooki' },
  members: { en: 'Members', es: 'Miembros', fr: 'Membres', de: 'Mitglieder', it: 'Membri', pt: 'Membros', nl: 'Leden', pl: 'Członkowie' },
  signedInAs: { en: 'Signed in as {who}', es: 'Sesión iniciada como {who}', fr: 'Connecté en tant que {who}', de: 'Angemeldet als {who}', it: 'Accesso effettuato come {who}', pt: 'Sessão iniciada como {who}', nl: 'Aangemeld als {who}', pl: 'Zalogowano jako {who}' },
  theOperator: { en: 'the {operator}', es: 'el {operator}', fr: 'l’{operator}', de: 'der {operator}', it: 'l’{operator}', pt: 'o {operator}', nl: 'de {operator}', pl: '{operator}' },
  operator: { en: 'operator', es: 'operador', fr: 'opérateur', de: 'Betreiber', it: 'operatore', pt: 'operador', nl: 'beheerder', pl: 'operator' },
  signOut: { en: 'Sign out', es: 'Cerrar sesión', fr: 'Se déconnecter', de: 'Abmelden', it: 'Esci', pt: 'Terminar sessão', nl: 'Afmelden', pl: 'Wyloguj się' },
  titleSuffix: { en: '{title} · verifield', es: '{title} · verifield', fr: '{title} · verifield', de: '{title} · verifield', it: '{title} · verifield', pt: '{title} · verifield', nl: '{title} · verifield', pl: '{title} · verifield' },
});

/** The roles of a member, as the pages name them. */
export const ROLE_NAMES = phrases({
  owner: { en: 'owner', es: 'propietario', fr: 'propriétaire', de: 'Inhaber', it: 'proprietario', pt: 'proprietário', nl: 'eigenaar', pl: 'właściciel' },
  developer: { en: 'developer', es: 'desarrollador', fr: 'développeur', de: 'Entwickler', it: 'sviluppatore', pt: 'programador', nl: 'ontwikkelaar', pl: 'programista' },
  viewer: { en: 'viewer', es: 'lector', fr: 'lecteur', de: 'Betrachter', it: 'lettore', pt: 'leitor', nl: 'kijker', pl: 'przeglądający' },
});

/** The form controls and messages of ../views/controls.ts. */
export const CONTROLS = phrases({
  notDone: { en: 'Not done:', es: 'No se hizo:', fr: 'Non effectué :', de: 'Nicht ausgeführt:', it: 'Non eseguito:', pt: 'Não feito:', nl: 'Niet uitgevoerd:', pl: 'Nie wykonano:' },
  copyNow: { en: 'Copy it now: it will not be shown again.', es: 'Cópielo ahora: no se volverá a mostrar.', fr: 'Copiez-le maintenant : il ne sera plus affiché.', de: 'Jetzt kopieren: Es wird nicht noch einmal angezeigt.', it: 'Copialo ora: non verrà mostrato di nuovo.', pt: 'Copie-o agora: não voltará a ser mostrado.', nl: 'Kopieer het nu: het wordt niet opnieuw getoond.', pl: 'Skopiuj teraz: nie zostanie pokazany ponownie.' },
  shownBefore: { en: 'This secret was shown once and is not shown again.', es: 'Este secreto se mostró una vez y no se vuelve a mostrar.', fr: 'Ce secret a été affiché une fois et ne l’est plus.', de: 'Dieses Geheimnis wurde einmal angezeigt und wird nicht erneut angezeigt.', it: 'Questo segreto è stato mostrato una volta e non viene mostrato di nuovo.', pt: 'Este segredo foi mostrado uma vez e não volta a ser mostrado.', nl: 'Dit geheim is één keer getoond en wordt niet opnieuw getoond.', pl: 'Ten sekret został pokazany raz i nie zostanie pokazany ponownie.' },
  copied: { en: 'Copied to the clipboard.', es: 'Copiado al portapapeles.', fr: 'Copié dans le presse-papiers.', de: 'In die Zwischenablage kopiert.', it: 'Copiato negli appunti.', pt: 'Copiado para a área de transferência.', nl: 'Gekopieerd naar het klembord.', pl: 'Skopiowano do schowka.' },
  selected: { en: 'The key is selected: press Ctrl+C (Cmd+C on a Mac) to copy it.', es: 'La clave está seleccionada: pulse Ctrl+C (Cmd+C en un Mac) para copiarla.', fr: 'La clé est sélectionnée : appuyez sur Ctrl+C (Cmd+C sur un Mac) pour la copier.', de: 'Der Schlüssel ist markiert: Drücken Sie Strg+C (Cmd+C auf einem Mac), um ihn zu kopieren.', it: 'La chiave è selezionata: premi Ctrl+C (Cmd+C su un Mac) per copiarla.', pt: 'A chave está selecionada: prima Ctrl+C (Cmd+C num Mac) para a copiar.', nl: 'De sleutel is geselecteerd: druk op Ctrl+C (Cmd+C op een Mac) om hem te kopiëren.', pl: 'Klucz jest zaznaczony: naciśnij Ctrl+C (Cmd+C na Macu), aby go skopiować.' },
});

/** The pages of a refusal or failure (../routes/context.ts). */
export const FAILURES = phrases({
  notFoundTitle: { en: 'Not found', es: 'No encontrado', fr: 'Introuvable', de: 'Nicht gefunden', it: 'Non trovato', pt: 'Não encontrado', nl: 'Niet gevonden', pl: 'Nie znaleziono' },
  notFound: { en: 'There is no such page here. Check the address, or go back to the dashboard.', es: 'Aquí no existe esa página. Compruebe la dirección o vuelva al panel.', fr: 'Cette page n’existe pas ici. Vérifiez l’adresse ou revenez au tableau de bord.', de: 'Diese Seite gibt es hier nicht. Prüfen Sie die Adresse oder gehen Sie zurück zum Dashboard.', it: 'Questa pagina non esiste. Controlla l’indirizzo o torna al pannello.', pt: 'Esta página não existe aqui. Verifique o endereço ou volte ao painel.', nl: 'Deze pagina bestaat hier niet. Controleer het adres of ga terug naar het dashboard.', pl: 'Nie ma tu takiej strony. Sprawdź adres lub wróć do panelu.' },
  notAllowedTitle: { en: 'Not allowed', es: 'No permitido', fr: 'Non autorisé', de: 'Nicht erlaubt', it: 'Non consentito', pt: 'Não permitido', nl: 'Niet toegestaan', pl: 'Niedozwolone' },
  notAllowed: {
    en: 'This needs the {role} role on the account, which your membership does not have; nothing was changed.',
    es: 'Esto requiere el rol {role} en la cuenta, que su membresía no tiene; no se ha cambiado nada.',
    fr: 'Cela demande le rôle {role} sur le compte, que votre adhésion n’a pas ; rien n’a été modifié.',
    de: 'Dafür ist die Rolle {role} im Konto nötig, die Ihre Mitgliedschaft nicht hat; es wurde nichts geändert.',
    it: 'Serve il ruolo {role} sull’account, che la tua iscrizione non ha; non è stato cambiato nulla.',
    pt: 'Isto requer a função {role} na conta, que a sua adesão não tem; nada foi alterado.',
    nl: 'Hiervoor is de rol {role} in het account nodig, die uw lidmaatschap niet heeft; er is niets gewijzigd.',
    pl: 'Wymaga to roli {role} na koncie, której Twoje członkostwo nie ma; nic nie zostało zmienione.',
  },
  askAnOwner: { en: 'An owner of the account can change your role on its Members page.', es: 'Un propietario de la cuenta puede cambiar su rol en la página Miembros.', fr: 'Un propriétaire du compte peut changer votre rôle sur sa page Membres.', de: 'Ein Inhaber des Kontos kann Ihre Rolle auf der Seite „Mitglieder“ ändern.', it: 'Un proprietario dell’account può cambiare il tuo ruolo nella pagina Membri.', pt: 'Um proprietário da conta pode alterar a sua função na página Membros.', nl: 'Een eigenaar van het account kan uw rol wijzigen op de pagina Leden.', pl: 'Właściciel konta może zmienić Twoją rolę na stronie Członkowie.' },
  unavailableTitle: { en: 'Service unavailable', es: 'Servicio no disponible', fr: 'Service indisponible', de: 'Dienst nicht verfügbar', it: 'Servizio non disponibile', pt: 'Serviço indisponível', nl: 'Dienst niet beschikbaar', pl: 'Usługa niedostępna' },
  unavailable: { en: 'The service cannot reach its store right now, so nothing was read or changed. Retry in a few seconds.', es: 'El servicio no puede acceder ahora a su almacén, así que no se ha leído ni cambiado nada. Vuelva a intentarlo en unos segundos.', fr: 'Le service ne peut pas joindre son stockage pour l’instant : rien n’a été lu ni modifié. Réessayez dans quelques secondes.', de: 'Der Dienst erreicht seinen Speicher gerade nicht, daher wurde nichts gelesen oder geändert. Versuchen Sie es in ein paar Sekunden erneut.', it: 'Il servizio non raggiunge il suo archivio in questo momento: non è stato letto né cambiato nulla. Riprova tra qualche secondo.', pt: 'O serviço não consegue aceder ao seu armazenamento neste momento; nada foi lido nem alterado. Tente novamente dentro de alguns segundos.', nl: 'De dienst kan zijn opslag nu niet bereiken, dus er is niets gelezen of gewijzigd. Probeer het over een paar seconden opnieuw.', pl: 'Usługa nie może teraz połączyć się ze swoim magazynem danych, więc nic nie zostało odczytane ani zmienione. Spróbuj ponownie za kilka sekund.' },
  internalTitle: { en: 'Internal error', es: 'Error interno', fr: 'Erreur interne', de: 'Interner Fehler', it: 'Errore interno', pt: 'Erro interno', nl: 'Interne fout', pl: 'Błąd wewnętrzny' },
  internal: { en: 'Something went wrong on the server; nothing was changed. The operator finds the details in its log.', es: 'Algo falló en el servidor; no se ha cambiado nada. El operador encontrará los detalles en su registro.', fr: 'Une erreur s’est produite sur le serveur ; rien n’a été modifié. L’opérateur en trouve le détail dans son journal.', de: 'Auf dem Server ist etwas schiefgegangen; es wurde nichts geändert. Der Betreiber findet die Einzelheiten in seinem Protokoll.', it: 'Qualcosa è andato storto sul server; non è stato cambiato nulla. L’operatore trova i dettagli nel suo registro.', pt: 'Algo correu mal no servidor; nada foi alterado. O operador encontra os detalhes no seu registo.', nl: 'Er ging iets mis op de server; er is niets gewijzigd. De beheerder vindt de details in zijn logboek.', pl: 'Coś poszło nie tak na serwerze; nic nie zostało zmienione. Operator znajdzie szczegóły w swoim dzienniku.' },
  formNotAccepted: { en: 'Form not accepted', es: 'Formulario no aceptado', fr: 'Formulaire refusé', de: 'Formular nicht angenommen', it: 'Modulo non accettato', pt: 'Formulário não aceite', nl: 'Formulier niet geaccepteerd', pl: 'Formularz nie został przyjęty' },
  noToken: {
    en: "The form did not carry this session's security token: it may come from an older page, another session or another site. Nothing was changed.",
    es: 'El formulario no llevaba el token de seguridad de esta sesión: puede venir de una página anterior, de otra sesión o de otro sitio. No se ha cambiado nada.',
    fr: 'Le formulaire ne portait pas le jeton de sécurité de cette session : il vient peut-être d’une page plus ancienne, d’une autre session ou d’un autre site. Rien n’a été modifié.',
    de: 'Das Formular trug nicht das Sicherheitstoken dieser Sitzung: Es stammt vielleicht von einer älteren Seite, einer anderen Sitzung oder einer anderen Website. Es wurde nichts geändert.',
    it: 'Il modulo non conteneva il token di sicurezza di questa sessione: può venire da una pagina precedente, da un’altra sessione o da un altro sito. Non è stato cambiato nulla.',
    pt: 'O formulário não trazia o token de segurança desta sessão: pode vir de uma página anterior, de outra sessão ou de outro site. Nada foi alterado.',
    nl: 'Het formulier bevatte het beveiligingstoken van deze sessie niet: het komt misschien van een oudere pagina, een andere sessie of een andere site. Er is niets gewijzigd.',
    pl: 'Formularz nie zawierał tokenu bezpieczeństwa tej sesji: może pochodzić ze starszej strony, innej sesji lub innej witryny. Nic nie zostało zmienione.',
  },
  reloadAndSend: { en: 'Reload the page and send the form again.', es: 'Recargue la página y envíe el formulario de nuevo.', fr: 'Rechargez la page et renvoyez le formulaire.', de: 'Laden Sie die Seite neu und senden Sie das Formular erneut.', it: 'Ricarica la pagina e invia di nuovo il modulo.', pt: 'Recarregue a página e envie o formulário novamente.', nl: 'Laad de pagina opnieuw en verstuur het formulier nogmaals.', pl: 'Odśwież stronę i wyślij formularz ponownie.' },
});
