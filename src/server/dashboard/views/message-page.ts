/** A page that only says something: sign-in help, a refused sign-in link, not found, forbidden. */
import { html } from './html.js';
import { renderDocument } from './layout.js';
import type { Frame, MessagePageModel } from './models.js';

/** The message page: its title as the heading, then its paragraphs. */
export function renderMessagePage(frame: Frame, model: MessagePageModel): string {
  const { words } = frame;
  const title = words.say(model.title);
  return renderDocument({
    title,
    frame,
    main: html`<h1>${title}</h1>
${model.paragraphs.map((paragraph) => html`<p>${words.say(paragraph)}</p>
`)}${model.link !== undefined && html`<p><a href="${model.link.path}">${words.say(model.link.label)}</a></p>
`}${model.goOnTo !== undefined && html`<p><a href="${model.goOnTo.path}">${words.say(model.goOnTo.label)}</a></p>
`}`,
    ...(model.goOnTo === undefined ? {} : { goOnTo: model.goOnTo.path }),
  });
}
