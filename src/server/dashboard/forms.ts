/**
 * The dashboard's form bodies: `application/x-www-form-urlencoded` (what a browser sends for a
 * form without `enctype`), at most MAX_BODY_BYTES (../policy/limits.ts) read whatever the transfer
 * encoding, UTF-8. Anything else is a refusal with its status and a sentence for the page.
 */
import { readLimitedBody } from '../pipeline/body.js';
import { CSRF_FIELD } from './csrf.js';
import { phrases, type Phrase } from './i18n/phrase.js';

const REFUSED = phrases({
  notAForm: {
    en: 'The form was not sent as a web form (application/x-www-form-urlencoded); nothing was changed.',
    es: 'El formulario no se envió como formulario web (application/x-www-form-urlencoded); no se ha cambiado nada.',
    fr: 'Le formulaire n’a pas été envoyé comme formulaire web (application/x-www-form-urlencoded) ; rien n’a été modifié.',
    de: 'Das Formular wurde nicht als Webformular gesendet (application/x-www-form-urlencoded); es wurde nichts geändert.',
    it: 'Il modulo non è stato inviato come modulo web (application/x-www-form-urlencoded); non è stato cambiato nulla.',
    pt: 'O formulário não foi enviado como formulário web (application/x-www-form-urlencoded); nada foi alterado.',
    nl: 'Het formulier is niet als webformulier verstuurd (application/x-www-form-urlencoded); er is niets gewijzigd.',
    pl: 'Formularz nie został wysłany jako formularz WWW (application/x-www-form-urlencoded); nic nie zostało zmienione.',
  },
  tooLarge: { en: 'The form is larger than 16 KiB; nothing was changed.', es: 'El formulario ocupa más de 16 KiB; no se ha cambiado nada.', fr: 'Le formulaire dépasse 16 Kio ; rien n’a été modifié.', de: 'Das Formular ist größer als 16 KiB; es wurde nichts geändert.', it: 'Il modulo supera i 16 KiB; non è stato cambiato nulla.', pt: 'O formulário tem mais de 16 KiB; nada foi alterado.', nl: 'Het formulier is groter dan 16 KiB; er is niets gewijzigd.', pl: 'Formularz jest większy niż 16 KiB; nic nie zostało zmienione.' },
  unreadable: { en: 'The form could not be read; nothing was changed.', es: 'No se pudo leer el formulario; no se ha cambiado nada.', fr: 'Le formulaire n’a pas pu être lu ; rien n’a été modifié.', de: 'Das Formular konnte nicht gelesen werden; es wurde nichts geändert.', it: 'Non è stato possibile leggere il modulo; non è stato cambiato nulla.', pt: 'Não foi possível ler o formulário; nada foi alterado.', nl: 'Het formulier kon niet worden gelezen; er is niets gewijzigd.', pl: 'Nie udało się odczytać formularza; nic nie zostało zmienione.' },
  notUtf8: { en: 'The form is not UTF-8 text; nothing was changed.', es: 'El formulario no es texto UTF-8; no se ha cambiado nada.', fr: 'Le formulaire n’est pas du texte UTF-8 ; rien n’a été modifié.', de: 'Das Formular ist kein UTF-8-Text; es wurde nichts geändert.', it: 'Il modulo non è testo UTF-8; non è stato cambiato nulla.', pt: 'O formulário não é texto UTF-8; nada foi alterado.', nl: 'Het formulier is geen UTF-8-tekst; er is niets gewijzigd.', pl: 'Formularz nie jest tekstem UTF-8; nic nie zostało zmienione.' },
});

/** A form body as read. */
export type FormOutcome = { ok: true; form: URLSearchParams } | { ok: false; status: 400 | 413 | 415; message: Phrase };

const FORM_TYPE = 'application/x-www-form-urlencoded';
const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether a Content-Type header names a URL-encoded form (parameters such as a charset are ignored: browsers send UTF-8). */
function isFormType(header: string | null): boolean {
  return header !== null && header.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
}

/** Reads the URL-encoded form of `request`; never rejects. */
export async function readForm(request: Request): Promise<FormOutcome> {
  if (!isFormType(request.headers.get('content-type'))) {
    return { ok: false, status: 415, message: REFUSED.notAForm };
  }
  const bytes = await readLimitedBody(request);
  if (bytes === 'too-large') return { ok: false, status: 413, message: REFUSED.tooLarge };
  if (bytes === 'unreadable') return { ok: false, status: 400, message: REFUSED.unreadable };
  try {
    return { ok: true, form: new URLSearchParams(fatalUtf8.decode(bytes)) };
  } catch {
    return { ok: false, status: 400, message: REFUSED.notUtf8 };
  }
}

/** The text of field `name` (trimmed), or '' when the form does not have it. */
export function formText(form: URLSearchParams, name: string): string {
  return (form.get(name) ?? '').trim();
}

/**
 * Every field of the form as typed, to fill the form again after an error: a repeated field (the
 * `scopes` checkboxes) as its values joined by commas; the CSRF token left out.
 */
export function typedValues(form: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of new Set(form.keys())) if (name !== CSRF_FIELD) values[name] = form.getAll(name).join(',');
  return values;
}
