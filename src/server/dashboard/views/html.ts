/**
 * HTML built safely: {@link html} is a tagged template whose interpolations are escaped unless they
 * are {@link Markup} (what an earlier `html` call built). Every view writes its markup with it, so
 * a value from a user (an account name, a key name, a logged value) can only ever come out as text.
 */

/** Markup built by {@link html}: safe to put in a page as it is. */
export class Markup {
  constructor(
    /** The HTML text. */
    readonly text: string,
  ) {}

  /** The HTML text, so that a Markup reads as a string where one is expected. */
  toString(): string {
    return this.text;
  }
}

/** What an interpolation may hold: text and numbers are escaped; null, undefined and booleans show nothing (so `${cond && html`…`}` works). */
export type HtmlValue = Markup | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one escape of the dashboard: text made safe in an element's content and in a quoted attribute value.
 * @example
 * ```ts
 * escapeHtml(`<a href="x">Tom & Jerry's</a>`); // '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

function rendered(value: HtmlValue): string {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(rendered).join('');
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  return escapeHtml(String(value));
}

/**
 * Markup from a template: each interpolation escaped (an array's items one after the other), Markup kept as it is.
 * @example
 * ```ts
 * html`<p title="${'"quoted"'}">${'<b>'} and ${html`<i>kept</i>`}</p>`.text; // '<p title="&quot;quoted&quot;">&lt;b&gt; and <i>kept</i></p>'
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Markup {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += rendered(value) + (strings[index + 1] ?? '');
  });
  return new Markup(text);
}
