/** The words of the sign-in mail (../email-sign-in.ts), in the language of the sign-in page it was asked from. */
import { phrases } from './phrase.js';

export const SIGN_IN_MAIL = phrases({
  subject: { en: 'Your verifield sign-in link', es: 'Su enlace de inicio de sesión de verifield', fr: 'Votre lien de connexion verifield', de: 'Ihr verifield-Anmeldelink', it: 'Il tuo link di accesso a verifield', pt: 'A sua ligação de início de sessão no verifield', nl: 'Uw verifield-aanmeldlink', pl: 'Twój link logowania do verifield' },
  someoneAsked: {
    en: 'Someone, probably you, asked to sign in to the verifield dashboard with this address.',
    es: 'Alguien, probablemente usted, pidió iniciar sesión en el panel de verifield con esta dirección.',
    fr: 'Quelqu’un, probablement vous, a demandé à se connecter au tableau de bord verifield avec cette adresse.',
    de: 'Jemand, vermutlich Sie, hat die Anmeldung am verifield-Dashboard mit dieser Adresse angefordert.',
    it: 'Qualcuno, probabilmente tu, ha chiesto di accedere al pannello di verifield con questo indirizzo.',
    pt: 'Alguém, provavelmente você, pediu para iniciar sessão no painel do verifield com este endereço.',
    nl: 'Iemand, waarschijnlijk u, heeft gevraagd om met dit adres aan te melden bij het verifield-dashboard.',
    pl: 'Ktoś, prawdopodobnie Ty, poprosił o zalogowanie do panelu verifield z tym adresem.',
  },
  accountAs: { en: '{account} (as {role}):', es: '{account} (como {role}):', fr: '{account} (en tant que {role}) :', de: '{account} (als {role}):', it: '{account} (come {role}):', pt: '{account} (como {role}):', nl: '{account} (als {role}):', pl: '{account} (jako {role}):' },
  linksLast: {
    en: 'Each link works once, within {minutes} minutes. If you did not ask, ignore this mail: nobody can sign in without the link.',
    es: 'Cada enlace funciona una vez, en un plazo de {minutes} minutos. Si no lo pidió, ignore este correo: nadie puede iniciar sesión sin el enlace.',
    fr: 'Chaque lien fonctionne une fois, dans les {minutes} minutes. Si vous n’avez rien demandé, ignorez ce message : personne ne peut se connecter sans le lien.',
    de: 'Jeder Link funktioniert einmal, innerhalb von {minutes} Minuten. Wenn Sie nichts angefordert haben, ignorieren Sie diese E-Mail: Ohne den Link kann sich niemand anmelden.',
    it: 'Ogni link funziona una volta, entro {minutes} minuti. Se non l’hai chiesto, ignora questa email: nessuno può accedere senza il link.',
    pt: 'Cada ligação funciona uma vez, no prazo de {minutes} minutos. Se não pediu, ignore este email: ninguém consegue iniciar sessão sem a ligação.',
    nl: 'Elke link werkt één keer, binnen {minutes} minuten. Hebt u niets gevraagd, negeer dan deze e-mail: niemand kan zich aanmelden zonder de link.',
    pl: 'Każdy link działa jeden raz, w ciągu {minutes} minut. Jeśli to nie Ty, zignoruj tę wiadomość: nikt nie zaloguje się bez linku.',
  },
});
