/**
 * The form controls and messages the pages share: every control with its visible label, a form's
 * error announced to screen readers, a notice of what the last form did, tables that scroll
 * sideways inside their own box on a narrow screen, a secret shown once with its copy button, and
 * what a page says when asked again for a secret it showed already.
 */
import { CONTROLS } from '../i18n/common.js';
import type { Words } from '../i18n/words.js';
import { html, type HtmlValue, type Markup } from './html.js';

/** A text-like input (text, date, …) and its label. */
export interface InputOptions {
  /** The form's prefix for ids, unique in the page (e.g. `create-key`). */
  form: string;
  name: string;
  label: string;
  value?: string | undefined;
  type?: 'text' | 'date' | 'email';
  required?: boolean;
  maxLength?: number;
  /** A line under the label saying what is accepted. */
  hint?: string;
  autocomplete?: string;
  placeholder?: string;
}

/** A labelled input. */
export function inputField(options: InputOptions): Markup {
  const id = `${options.form}-${options.name}`;
  const hintId = `${id}-hint`;
  return html`<div class="field">
<label for="${id}">${options.label}</label>
${options.hint !== undefined && html`<span class="hint" id="${hintId}">${options.hint}</span>`}
<input id="${id}" name="${options.name}" type="${options.type ?? 'text'}" value="${options.value ?? ''}"${options.required === true && html` required`}${
    options.maxLength !== undefined && html` maxlength="${options.maxLength}"`
  }${options.hint !== undefined && html` aria-describedby="${hintId}"`} autocomplete="${options.autocomplete ?? 'off'}"${
    options.placeholder !== undefined && html` placeholder="${options.placeholder}"`
  }>
</div>`;
}

/** One choice of a select: its value and what it shows. */
export interface Choice {
  value: string;
  label: string;
}

/** A labelled select with `selected` chosen. */
export function selectField(options: { form: string; name: string; label: string; choices: readonly Choice[]; selected?: string | undefined }): Markup {
  const id = `${options.form}-${options.name}`;
  return html`<div class="field">
<label for="${id}">${options.label}</label>
<select id="${id}" name="${options.name}">${options.choices.map(
    (choice) => html`<option value="${choice.value}"${choice.value === options.selected && html` selected`}>${choice.label}</option>`,
  )}</select>
</div>`;
}

/** What a refused form says, announced when the page loads. */
export function formError(words: Words, message: string | undefined): Markup {
  return message === undefined ? html`` : html`<p class="error" role="alert"><strong>${words.say(CONTROLS.notDone)}</strong> ${message}</p>`;
}

/** What the last form did. */
export function notice(message: string | undefined): Markup {
  return message === undefined ? html`` : html`<p class="notice" role="status">${message}</p>`;
}

/** A table inside a box that scrolls sideways on a narrow screen, named for keyboard and screen-reader users. */
export function scrollingTable(label: string, table: HtmlValue): Markup {
  return html`<div class="table-wrap" role="region" aria-label="${label}" tabindex="0">${table}</div>`;
}

/** What {@link shownOnce} shows. */
export interface ShownOnce {
  /** The prefix of the box's ids, unique in the page: `<id>-heading` and `<id>-value` (the copy button's target). */
  id: string;
  heading: Markup;
  /** What the secret is for, after "Copy it now". */
  about: Markup;
  /** The label of the secret's box, for screen readers. */
  label: string;
  value: string;
  /** The copy button's text. */
  copy: string;
}

/**
 * A secret the service keeps no copy of, shown this once, with a copy button (../assets/dashboard.js;
 * without script the text is selectable).
 */
export function shownOnce(words: Words, shown: ShownOnce): Markup {
  return html`<section class="created-key" aria-labelledby="${shown.id}-heading">
<h2 id="${shown.id}-heading">${shown.heading}</h2>
<p><strong>${words.say(CONTROLS.copyNow)}</strong> ${shown.about}</p>
<div class="copy-row">
<label for="${shown.id}-value" class="visually-hidden">${shown.label}</label>
<input id="${shown.id}-value" class="key-value" type="text" readonly value="${shown.value}" spellcheck="false" autocomplete="off">
<button type="button" class="copy" data-copy-target="${shown.id}-value" hidden>${shown.copy}</button>
</div>
<p class="copy-status" role="status" data-copy-status data-copied="${words.say(CONTROLS.copied)}" data-selected="${words.say(CONTROLS.selected)}"></p>
</section>`;
}

/**
 * What the page of a secret says when its `?reveal=` shows nothing: a reload, "back", or an old,
 * expired or another session's address; `advice` says how to get a new one.
 */
export function shownBefore(words: Words, advice: string): Markup {
  return html`<p class="notice" role="status"><strong>${words.say(CONTROLS.shownBefore)}</strong> ${advice}</p>`;
}
