// Checks each field of the form as the user types and shows the verdict, the message and the
// normalized value (the form to store). Everything runs in the page: no request leaves it.
import { validateIban } from 'verifield/iban';
import { validateVat } from 'verifield/vat';
import { validateNif } from 'verifield/nif';
import { validateNas } from 'verifield/nas';
import { validateSsn } from 'verifield/ssn';
import { validateEmail } from 'verifield/email';
import { validatePhone } from 'verifield/phone';

const validators = {
  iban: validateIban,
  vat: validateVat,
  nif: validateNif,
  nas: validateNas,
  ssn: validateSsn,
  email: validateEmail,
  phone: validatePhone,
};

/** Adds the verdict, message and normalized value slots under a field; returns them by name. */
function addResultSlots(fieldElement) {
  const list = document.createElement('dl');
  list.className = 'result';
  list.setAttribute('aria-live', 'polite');
  const slots = {};
  for (const [part, title] of [['verdict', 'Verdict'], ['message', 'Message'], ['normalized', 'Normalized']]) {
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

function show(slots, result) {
  slots.verdict.dataset.verdict = result === null ? '' : result.valid ? 'valid' : 'invalid';
  slots.verdict.textContent = result === null ? '' : result.valid ? 'valid' : 'invalid';
  slots.message.textContent = result === null ? '' : result.message;
  slots.normalized.textContent = result === null ? '' : (result.normalizedValue ?? '—');
}

for (const [field, validate] of Object.entries(validators)) {
  const input = document.getElementById(field);
  const slots = addResultSlots(input.closest('.field'));
  const update = () => show(slots, input.value.trim() === '' ? null : validate(input.value));
  input.addEventListener('input', update);
  update();
}

document.documentElement.dataset.ready = 'true';
