// Checks each field of the form as the user types, through its Standard Schema, and shows the
// verdict, the message, the reason code and the normalized value (the form to store). Everything
// runs in the page: no request leaves it.
import { emailSchema, ibanSchema, nasSchema, nifSchema, phoneSchema, ssnSchema, vatSchema } from 'verifield/standard-schema';

const schemaOf = {
  iban: ibanSchema,
  vat: vatSchema,
  nif: nifSchema,
  nas: nasSchema,
  ssn: ssnSchema,
  email: emailSchema,
  phone: phoneSchema,
};

/**
 * The catalog of a language, imported only when it is chosen: English needs none (the validators
 * speak it), and a form that shows one language ships one catalog.
 */
async function loadCatalog(language) {
  if (language === 'en') return undefined;
  const module = await import(`verifield/messages/${language}`);
  return module[language];
}

/** Adds the verdict, message, reason and normalized value slots under a field; returns them by name. */
function addResultSlots(fieldElement) {
  const list = document.createElement('dl');
  list.className = 'result';
  list.setAttribute('aria-live', 'polite');
  const slots = {};
  const parts = [['verdict', 'Verdict'], ['message', 'Message'], ['reason', 'Reason'], ['normalized', 'Normalized']];
  for (const [part, title] of parts) {
    const term = document.createElement('dt');
    term.textContent = title;
    const value = document.createElement('dd');
    value.dataset.part = part;
    list.append(term, value);
    slots[part] = value;
  }
  fieldElement.append(list);
  return slots;
}

/** Shows a schema's answer: `{ value }` when valid, `{ issues: [{ message, reason }] }` when not; null clears. */
function show(slots, answer) {
  const issue = answer?.issues?.[0];
  const verdict = answer === null ? '' : issue === undefined ? 'valid' : 'invalid';
  slots.verdict.dataset.verdict = verdict;
  slots.verdict.textContent = verdict;
  slots.message.textContent = answer === null ? '' : (issue?.message ?? '—');
  slots.reason.textContent = answer === null ? '' : (issue?.reason ?? '—');
  slots.normalized.textContent = answer === null ? '' : (answer.value ?? '—');
}

const fields = Object.keys(schemaOf).map((name) => {
  const input = document.getElementById(name);
  return { name, input, slots: addResultSlots(input.closest('.field')), schema: schemaOf[name]() };
});

function check(field) {
  const value = field.input.value;
  show(field.slots, value.trim() === '' ? null : field.schema['~standard'].validate(value));
}

for (const field of fields) {
  field.input.addEventListener('input', () => check(field));
  check(field);
}

const languageSelect = document.getElementById('language');
languageSelect.addEventListener('change', async () => {
  const language = languageSelect.value;
  const catalog = await loadCatalog(language);
  // Another language may have been chosen while this one loaded: the last choice wins.
  if (languageSelect.value !== language) return;
  for (const field of fields) {
    field.schema = schemaOf[field.name](catalog);
    // The page around stays English; screen readers read the messages in their own language.
    field.slots.message.lang = language;
    check(field);
  }
  document.documentElement.dataset.language = language;
});

document.documentElement.dataset.language = 'en';
document.documentElement.dataset.ready = 'true';
